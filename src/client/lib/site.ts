/** Site-wide constants a self-hoster may want to change. */
export interface SocialLink {
  label: string;
  href: string;
}

export const SITE: { name: string; supportEmail: string; tagline: string; social: SocialLink[] } = {
  name: 'Veritext',
  supportEmail: 'support@veritext.example',
  tagline: 'Advanced AI Detection & Content Tools',
  /** Social profiles; links are shown only when configured. */
  social: [],
};
