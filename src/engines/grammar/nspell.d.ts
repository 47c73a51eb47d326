// Minimal typings for nspell 2.1 (the Hunspell checker inside retext-spell); only what the grammar engine uses.
declare module 'nspell' {
  interface NSpell {
    correct(word: string): boolean;
    suggest(word: string): string[];
  }
  export default function nspell(dictionary: { aff: Uint8Array; dic: Uint8Array }): NSpell;
}
