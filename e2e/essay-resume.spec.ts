import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import type { Page } from '@playwright/test';
import { expect, registerViaApi, test } from './fixtures';
import { useStaffServer } from './staff-server';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

test('resume writer: removing the last entry hands focus to the one before, then to the Add button', async ({ page }) => {
  await page.goto('/tools/resume-writer');
  const add = page.getByRole('button', { name: 'Add job' });
  await add.click();
  await add.click();
  await page.getByRole('button', { name: 'Remove job 2' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Remove job 2' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Remove job 1' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Remove job 1' })).toHaveCount(0);
  await expect(add).toBeFocused();
});

const ESSAY =
  'Car-Free Centres\n\n' +
  'Cities that close their centres to cars change how people move, shop and breathe. The case rests on health, on trade and on the use of ' +
  'space [citation needed].\n\n' +
  'Fewer cars mean cleaner air. When traffic leaves a district, the fumes children breathe on the way to school leave with it, and walking ' +
  'becomes pleasant rather than a chore. Shops notice the change, because people on foot stop, look and come back more often than drivers.\n\n' +
  'Critics say deliveries and disabled residents would suffer. Both concerns are real, and both are answered by delivery windows and permits ' +
  'rather than by keeping every street open to every car.\n\n' +
  'A centre without cars is not a museum; it is a place people want to be.';

test.describe('on a server with a language model (staff account: never limited by plan)', () => {
  const staff = useStaffServer({ name: 'pro-writers', role: 'admin', portOffset: 86, llm: true });

  async function staffLogin(page: Page) {
    const login = await page.request.post('/api/auth/login', { data: { email: staff.email, password: staff.password } });
    expect(login.status(), await login.text()).toBe(200);
  }

  test('essay writer: the outline offline, then the full essay streamed, with the detector score beside it', async ({ page }) => {
    await staffLogin(page);
    await page.goto('/tools/essay-writer');
    await expect(page.getByRole('heading', { level: 1, name: 'Essay Writer' })).toBeVisible();
    await expect(page.getByTestId('pro-gate')).toHaveCount(0);
    await expect(page.getByTestId('essay-no-model')).toHaveCount(0);

    await page.getByLabel('Topic').fill('Should cities ban cars from their centres?');
    await page.getByLabel(/^Thesis/).fill('Car-free centres make cities healthier and richer.');
    await page.getByLabel('Essay type').selectOption('argumentative');
    await page.getByLabel('Length (words)').fill('800');
    await page.getByLabel('Citation style').selectOption('apa');
    await page.getByLabel(/^Your sources/).fill('Bloom, N. (2015). Does working from home work? QJE.');
    // Enter in the topic builds the outline (the form's default action)
    await page.getByLabel('Topic').press('Enter');
    const outline = page.getByTestId('essay-outline');
    await expect(outline).toContainText('A plan to write from, not an essay');
    await expect(outline).toContainText('Counter-argument and rebuttal');
    await expect(outline).toContainText('References');
    await expect(outline).toContainText('“Car-free centres make cities healthier and richer.”');
    const outlineDownload = page.waitForEvent('download');
    await outline.getByRole('button', { name: 'Download .txt' }).click();
    const outlineFile = await outlineDownload;
    expect(outlineFile.suggestedFilename()).toBe('should-cities-ban-cars-from-their-centres-outline.txt');
    expect(readFileSync((await outlineFile.path())!, 'utf8')).toMatch(/^OUTLINE \(a plan to write from, not an essay\)/);

    staff.llm!.reply = { status: 200, content: ESSAY, delayMs: 300 };
    await page.getByRole('button', { name: 'Write essay' }).click();
    await expect(page.getByTestId('essay-text')).toContainText('A centre without cars is not a museum');
    const result = page.getByTestId('essay-result');
    await expect(result.getByTestId('essay-engine')).toHaveText(/test-model/);
    await expect(result.getByTestId('essay-detector-score')).toHaveText(/AI detector \d+%/);
    await expect(result.getByTestId('essay-citations-needed')).toContainText('1 claim needs a source');
    const prompt = staff.llm!.requests.at(-1)!;
    expect(prompt.stream).toBe(true);
    expect(prompt.messages[1].content).toContain('Bloom, N. (2015)');
    const essayDownload = page.waitForEvent('download');
    await result.getByRole('button', { name: 'Download .txt' }).click();
    expect(readFileSync((await (await essayDownload).path())!, 'utf8')).toBe(ESSAY);
  });

  test('resume writer: form, layouts, live preview, PDF and DOCX downloads, AI bullets, and the draft survives a reload', async ({ page }) => {
    await staffLogin(page);
    await page.goto('/tools/resume-writer');
    await expect(page.getByRole('heading', { level: 1, name: 'Resume Writer' })).toBeVisible();
    const preview = page.getByTestId('resume-preview');
    await expect(preview).toContainText('Your resume appears here');
    await expect(page.getByRole('button', { name: 'Download PDF' })).toBeDisabled();

    await page.getByLabel('Full name').fill('Jordan Alvarez');
    await page.getByLabel('Headline').fill('Senior Backend Engineer');
    await page.getByLabel('Email').fill('jordan@example.com');
    await page.getByRole('button', { name: 'Add job' }).click();
    await page.getByLabel('Job title').fill('Backend Engineer');
    await page.getByLabel('Organization').fill('Lumen Payments');
    await page.getByRole('group', { name: /Job 1/ }).getByLabel('Start').fill('Mar 2021');
    await page.getByRole('group', { name: /Job 1/ }).getByLabel('End').fill('Present');
    await page.getByLabel('Bullet points').fill('Responsible for the billing service\nWorked on reducing latency from 900 ms to 250 ms');
    await page.getByRole('button', { name: 'Add education' }).click();
    await page.getByLabel('Degree').fill('B.S. Computer Science');
    await page.getByLabel('Institution').fill('University of Texas');
    await page.getByRole('textbox', { name: 'Skills' }).fill('Go, TypeScript, PostgreSQL');

    await expect(preview).toContainText('Jordan Alvarez');
    await expect(preview).toContainText('Mar 2021 – Present');
    await expect(preview).toContainText('Go, TypeScript, PostgreSQL');
    await expect(preview.getByRole('heading', { name: 'EXPERIENCE' })).toBeVisible();
    await page.getByRole('radio', { name: /Modern/ }).check();
    await expect(preview.getByRole('heading', { name: 'Experience', exact: true })).toBeVisible();

    // AI bullets: the model's figure that the user never wrote is flagged
    staff.llm!.reply = { status: 200, content: '- Led the billing service, cutting invoice errors by [X %]\n- Cut latency from 900 ms to 250 ms for 12 teams' };
    await page.getByRole('button', { name: 'Rewrite bullets with AI' }).click();
    const suggestion = page.getByTestId('rewrite-0');
    await expect(suggestion).toContainText('Led the billing service, cutting invoice errors by [X %]');
    await expect(suggestion.getByTestId('invented-number')).toContainText('12 is not in your original');
    await suggestion.getByRole('button', { name: 'Use these bullets' }).click();
    await expect(page.getByLabel('Bullet points')).toHaveValue(
      'Led the billing service, cutting invoice errors by [X %]\nCut latency from 900 ms to 250 ms for 12 teams',
    );

    const pdfDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toBe('Jordan-Alvarez-Resume.pdf');
    expect(
      readFileSync((await pdf.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const docxDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download DOCX' }).click();
    const docx = await docxDownload;
    expect(docx.suggestedFilename()).toBe('Jordan-Alvarez-Resume.docx');
    const xml = await (await JSZip.loadAsync(readFileSync((await docx.path())!))).file('word/document.xml')!.async('string');
    for (const s of ['Jordan Alvarez', 'Lumen Payments', 'Cut latency from 900 ms to 250 ms for 12 teams', 'University of Texas', 'Go, TypeScript, PostgreSQL'])
      expect(xml).toContain(s);

    // a name the PDF's font cannot write: the PDF is refused up front, the DOCX offered
    await page.getByLabel('Full name').fill('山田 花子');
    await expect(page.getByTestId('pdf-unsupported')).toContainText('Download the DOCX instead');
    await expect(page.getByRole('button', { name: 'Download PDF' })).toBeDisabled();
    await page.getByLabel('Full name').fill('Jordan Alvarez');

    await expect(page.getByTestId('draft-status')).toContainText('Draft saved');
    await page.reload();
    await expect(page.getByLabel('Full name')).toHaveValue('Jordan Alvarez');
    await expect(page.getByRole('radio', { name: /Modern/ })).toBeChecked();
    await expect(page.getByTestId('resume-preview')).toContainText('Cut latency from 900 ms to 250 ms for 12 teams');
  });

  test('a free account registered on this server sees the upgrade prompt, and the API refuses it', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/tools/essay-writer');
    await expect(page.getByTestId('pro-gate')).toContainText('The Essay Writer is part of the Pro plan');
    await expect(page.getByTestId('pro-gate').getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/pricing');
    await expect(page.getByLabel('Topic')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Build outline' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Write essay' })).toBeDisabled();
    const essay = await page.request.post('/api/tools/essay-writer/outline', { data: { text: 'Cars in cities' } });
    expect(essay.status()).toBe(403);

    await page.goto('/tools/resume-writer');
    await expect(page.getByTestId('pro-gate')).toContainText('The Resume Writer is part of the Pro plan');
    await page.getByLabel('Full name').fill('Free User');
    await expect(page.getByRole('button', { name: 'Download PDF' })).toBeDisabled();
    const resume = await page.request.post('/api/tools/resume-writer/export', {
      data: { resume: { contact: { name: 'Free User' }, experience: [], education: [], skills: [] }, format: 'pdf' },
    });
    expect(resume.status()).toBe(403);
    expect((await resume.json()).message).toMatch(/available with the Pro plan/);
  });
});

test.describe('on a server without a language model', () => {
  test('the catalogue marks the tools that need one, and /pricing sells only what is live', async ({ page }) => {
    await page.goto('/tools');
    const card = (description: string) => page.getByRole('link').filter({ hasText: description });
    await expect(card('Turn short notes into fuller paragraphs.').getByTestId('needs-model-mark')).toHaveText('Needs a language model');
    // the essay writer's outline works offline: no mark
    await expect(card('Draft a structured essay').getByTestId('needs-model-mark')).toHaveCount(0);
    await expect(card('Draft a structured essay')).toContainText('Open tool');

    await page.goto('/pricing');
    const pro = page.getByTestId('plan-pro');
    await expect(pro).toContainText(/Pro-only tools: .*Essay Writer, Resume Writer/);
    await expect(pro).toContainText('their language-model features are not available on this server');
    // speech to text is live and Pro-only, so it is sold; the e-mail generator's notice writes nothing, so it is not
    await expect(pro).toContainText('Speech to Text');
    await expect(pro).not.toContainText(/e-?mail/i);
  });

  test('the sidebar marks them too', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/tools/resume-writer');
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar.getByRole('link', { name: /Text Expander/ }).getByTestId('needs-model-mark')).toBeVisible();
    await expect(sidebar.getByRole('link', { name: /Text Expander/ })).toHaveAccessibleName(/needs a language model/);
    await expect(sidebar.getByRole('link', { name: /Essay Writer/ }).getByTestId('needs-model-mark')).toHaveCount(0);
  });

  test('the essay writer says the full essay needs a model; the outline stays available', async ({ page }) => {
    await page.goto('/tools/essay-writer');
    await expect(page.getByTestId('essay-no-model')).toContainText('needs a language model');
    await expect(page.getByTestId('pro-gate')).toContainText('Log in with a Pro account');
    await expect(page.getByRole('button', { name: 'Write essay' })).toBeDisabled();
  });
});
