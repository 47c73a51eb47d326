/** English function words and very common verbs/adverbs that never start or end a keyphrase. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a about above across after afterwards again against all almost alone along already also although always am among amongst an and another any anyhow ' +
    "anyone anything anyway anywhere are aren't around as at back be became because become becomes becoming been before beforehand behind being below " +
    "beside besides between beyond both but by can cannot can't could couldn't did didn't do does doesn't doing don't done down due during each eg e.g " +
    'either else elsewhere enough etc even ever every everyone everything everywhere except few first for former formerly from further get gets got had ' +
    "hadn't has hasn't have haven't having he he'd he'll her here hereafter hereby herein here's hers herself he's him himself his how however i i'd ie i.e " +
    "if i'll i'm in indeed into is isn't it its it's itself i've just last latter latterly least less let's like ltd made make makes many may me meanwhile " +
    "might mine more moreover most mostly much must mustn't my myself namely neither never nevertheless next no nobody none noone nor not nothing now " +
    'nowhere of off often on once one only onto or other others otherwise our ours ourselves out over own per perhaps please put rather re same say says ' +
    "said see seem seemed seeming seems several she she'd she'll she's should shouldn't since so some somehow someone something sometime sometimes " +
    "somewhere still such than that that's the their theirs them themselves then thence there thereafter thereby therefore therein there's thereupon " +
    "these they they'd they'll they're they've this those though through throughout thru thus to together too toward towards under until up upon us " +
    "use used uses using very via was wasn't we we'd we'll we're were weren't we've what whatever what's when whence whenever where whereafter whereas " +
    "whereby wherein where's whereupon wherever whether which while whither who whoever whole whom who's whose why will with within without won't would " +
    "wouldn't yet you you'd you'll your you're yours yourself yourselves you've also well new two three four five six seven eight nine ten mr mrs ms dr " +
    'upon present presented proposed propose show shows shown given give gives based obtain obtained able way ways s t can will shall'
  ).split(/\s+/),
);
