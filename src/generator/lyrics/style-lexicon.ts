/**
 * The style co-occurrence table: for each style, the genres, moods, instruments and eras it is
 * usually written with. It suggests tags for lyrics and the create form's style recommendations.
 */
export const STYLE_COOCCURRENCE: Readonly<Record<string, readonly string[]>> = {
  pop: ["upbeat", "catchy", "synth", "female vocals", "dance pop", "80s", "electropop", "piano"],
  "dance pop": ["upbeat", "four on the floor", "synth", "club", "energetic", "pop", "2010s"],
  electropop: ["synth", "upbeat", "pop", "dreamy", "80s", "female vocals"],
  "indie pop": ["dreamy", "jangly guitar", "lo-fi", "bedroom pop", "nostalgic", "synth"],
  "dream pop": ["dreamy", "reverb", "shoegaze", "ethereal", "female vocals", "synth"],
  "k-pop": ["catchy", "dance pop", "energetic", "synth", "rap"],
  rock: ["electric guitar", "drums", "energetic", "anthemic", "70s", "male vocals", "indie rock"],
  "indie rock": ["jangly guitar", "nostalgic", "2000s", "energetic", "rock"],
  "pop rock": ["anthemic", "electric guitar", "upbeat", "2000s", "catchy"],
  "punk rock": ["fast", "distorted guitar", "energetic", "rebellious", "90s"],
  "surf rock": ["reverb", "electric guitar", "60s", "upbeat", "sunny"],
  "space rock": ["epic", "psychedelic", "synth", "70s", "reverb"],
  metal: ["heavy", "distorted guitar", "double kick", "aggressive", "male vocals", "epic"],
  "hip hop": ["boom bap", "808", "rap", "trap", "90s", "male vocals", "lo-fi"],
  trap: ["808", "hi-hats", "dark", "rap", "hip hop", "aggressive"],
  "r&b": ["smooth", "soulful", "romantic", "sensual", "90s", "female vocals", "neo soul"],
  soul: ["soulful", "horns", "warm", "60s", "gospel", "r&b"],
  "neo soul": ["smooth", "rhodes", "jazzy", "r&b", "warm"],
  funk: ["slap bass", "groovy", "horns", "70s", "disco"],
  disco: ["four on the floor", "strings", "groovy", "70s", "funk", "upbeat"],
  house: ["four on the floor", "club", "piano", "deep house", "energetic"],
  "deep house": ["chill", "groovy", "house", "late night"],
  "tropical house": ["marimba", "chill", "sunny", "summer", "house"],
  edm: ["drop", "energetic", "synth", "festival", "build-up"],
  electronic: ["synth", "ambient", "experimental", "arpeggiator", "edm"],
  synthwave: ["retro", "80s", "neon", "synth", "nocturnal", "arpeggiator"],
  chillwave: ["dreamy", "lo-fi", "synth", "warm", "nostalgic"],
  "lo-fi": ["chill", "jazzy", "vinyl crackle", "mellow", "hip hop", "rainy"],
  ambient: ["atmospheric", "ethereal", "pads", "calm", "electronic"],
  jazz: ["saxophone", "upright bass", "swing", "smooth", "piano", "50s"],
  blues: ["electric guitar", "harmonica", "soulful", "slow", "gritty"],
  country: ["acoustic guitar", "steel guitar", "storytelling", "americana", "male vocals", "warm"],
  americana: ["acoustic guitar", "banjo", "folk", "country", "nostalgic"],
  folk: ["acoustic guitar", "storytelling", "warm", "indie folk", "fiddle", "acoustic"],
  "indie folk": ["acoustic guitar", "harmonies", "warm", "folk", "mellow"],
  acoustic: ["acoustic guitar", "intimate", "warm", "mellow", "folk"],
  ballad: ["piano", "emotional", "slow", "strings", "melancholic"],
  reggae: ["offbeat guitar", "sunny", "laid-back", "bass", "dub"],
  "holiday pop": ["bells", "festive", "warm", "pop", "strings"],
  "anthemic pop": ["anthemic", "uplifting", "big drums", "pop", "synth"],
  orchestral: ["strings", "epic", "cinematic", "brass", "choir"],
  cinematic: ["epic", "orchestral", "strings", "dramatic"],
  upbeat: ["pop", "dance pop", "catchy", "energetic"],
  melancholic: ["ballad", "piano", "slow", "indie"],
  romantic: ["r&b", "soul", "ballad", "smooth"],
  dreamy: ["dream pop", "reverb", "ethereal", "synth"],
  energetic: ["rock", "edm", "fast", "drums"],
  nostalgic: ["80s", "indie pop", "warm", "synthwave"],
  epic: ["orchestral", "cinematic", "anthemic", "choir"],
  chill: ["lo-fi", "mellow", "deep house", "laid-back"],
  dark: ["trap", "minor key", "atmospheric", "metal"],
};

/** What the create page offers before anything is typed. */
export const DEFAULT_STYLES: readonly string[] = [
  "pop",
  "rock",
  "hip hop",
  "r&b",
  "electronic",
  "country",
  "jazz",
  "folk",
  "synthwave",
  "lo-fi",
  "indie pop",
  "metal",
];

/** Genre spellings people write, for the name the table uses. */
const GENRE_ALIASES: Readonly<Record<string, string>> = {
  rap: "hip hop",
  "hip-hop": "hip hop",
  hiphop: "hip hop",
  rnb: "r&b",
  "r and b": "r&b",
  lofi: "lo-fi",
  "lo fi": "lo-fi",
  electro: "electronic",
  techno: "electronic",
  kpop: "k-pop",
  punk: "punk rock",
  classical: "orchestral",
};

/** Genres named in a prompt, in the order they appear. */
export function genresIn(prompt: string): string[] {
  const text = ` ${prompt.toLowerCase().replace(/[^a-z0-9&\s-]/g, " ")} `;
  const found: { genre: string; at: number }[] = [];
  const names = [...Object.keys(STYLE_COOCCURRENCE), ...Object.keys(GENRE_ALIASES)];
  for (const name of names) {
    const at = text.indexOf(` ${name} `);
    if (at < 0) continue;
    const genre = GENRE_ALIASES[name] ?? name;
    // Moods are table keys too; only those with a genre's instruments count as genres here.
    if (!isGenre(genre)) continue;
    found.push({ genre, at });
  }
  // "indie pop" and "pop" at the same place: the longer name wins.
  const unique = new Map<string, number>();
  for (const entry of found.sort((a, b) => a.at - b.at || b.genre.length - a.genre.length)) {
    if (!unique.has(entry.genre)) unique.set(entry.genre, entry.at);
  }
  return [...unique.keys()].filter(
    (genre, _, all) => !all.some((other) => other !== genre && other.includes(genre)),
  );
}

const MOODS = new Set([
  "upbeat",
  "melancholic",
  "romantic",
  "dreamy",
  "energetic",
  "nostalgic",
  "epic",
  "chill",
  "dark",
]);
const isGenre = (style: string) => style in STYLE_COOCCURRENCE && !MOODS.has(style);

/**
 * Styles that go with the given ones, most shared first (ties in table order), without those
 * already given. Unknown styles contribute nothing; with nothing known, the default styles.
 */
export function recommendStyles(styles: readonly string[], limit = 8): string[] {
  const given = new Set(
    styles.map((style) => GENRE_ALIASES[style.trim().toLowerCase()] ?? style.trim().toLowerCase()),
  );
  const score = new Map<string, { count: number; order: number }>();
  let order = 0;
  for (const style of given) {
    for (const other of STYLE_COOCCURRENCE[style] ?? []) {
      const entry = score.get(other) ?? { count: 0, order: order++ };
      entry.count++;
      score.set(other, entry);
    }
  }
  const ranked = [...score.entries()]
    .filter(([style]) => !given.has(style))
    .sort((a, b) => b[1].count - a[1].count || a[1].order - b[1].order)
    .map(([style]) => style);
  const pool = ranked.length > 0 ? ranked : DEFAULT_STYLES.filter((style) => !given.has(style));
  return pool.slice(0, limit);
}
