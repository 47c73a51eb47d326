import type { ResumeModel } from '../../src/engines/resume';

/** A realistic resume shared by the resume engine's unit tests and the API tests. */
export const RESUME: ResumeModel = {
  contact: {
    name: 'Jordan Alvarez',
    headline: 'Senior Backend Engineer',
    email: 'jordan.alvarez@example.com',
    phone: '+1 555 0100',
    location: 'Austin, TX',
    links: [
      { label: 'GitHub', url: 'https://github.com/jalvarez' },
      { label: 'Portfolio', url: 'https://jalvarez.dev' },
    ],
  },
  summary: 'Backend engineer with eight years of experience building payment and billing systems in Go and TypeScript.',
  experience: [
    {
      title: 'Senior Backend Engineer',
      organization: 'Lumen Payments',
      location: 'Remote',
      start: 'Mar 2021',
      end: 'Present',
      bullets: ['Led the migration of the ledger service to PostgreSQL 15', 'Cut p95 checkout latency from 900 ms to 250 ms', 'Mentored four junior engineers'],
    },
    {
      title: 'Software Engineer',
      organization: 'Brightline Health',
      location: 'Austin, TX',
      start: 'Jun 2017',
      end: 'Feb 2021',
      bullets: ['Built the HL7 integration gateway used by 40 clinics', 'Wrote the on-call runbook'],
    },
  ],
  education: [
    {
      degree: 'B.S. Computer Science',
      institution: 'University of Texas at Austin',
      location: 'Austin, TX',
      start: '2013',
      end: '2017',
      details: 'Minor in Mathematics',
    },
  ],
  skills: ['Go', 'TypeScript', 'PostgreSQL', 'Kafka', 'Kubernetes'],
  certifications: [{ name: 'AWS Certified Solutions Architect', issuer: 'Amazon Web Services', year: '2022' }],
};
