/**
 * The theme lexicon: words of a prompt select themes; a theme brings its imagery as line openers.
 * `actions` take a place ending ("through the night"), `beings` a state ending ("torn apart").
 */
export interface Theme {
  readonly name: string;
  readonly triggers: readonly string[];
  /** Nouns that stand for the theme when the prompt gives none of its own. */
  readonly nouns: readonly string[];
  readonly actions: readonly string[];
  readonly beings: readonly string[];
  /** A mood tag the theme suggests (see style-lexicon.ts). */
  readonly mood: string;
  /** Genres the theme leans to when the prompt names none. */
  readonly genres: readonly string[];
}

export const THEMES: readonly Theme[] = [
  {
    name: "love",
    triggers: [
      "love",
      "lover",
      "kiss",
      "romance",
      "romantic",
      "darling",
      "baby",
      "together",
      "wedding",
      "crush",
    ],
    nouns: ["love", "your kiss", "my darling"],
    actions: ["I held you close", "we were dancing slow", "you took my hand", "I fell for you", "we kissed"],
    beings: ["my heart is", "with you I'm", "we are", "our love is", "I'm"],
    mood: "romantic",
    genres: ["pop", "r&b", "soul"],
  },
  {
    name: "heartbreak",
    triggers: [
      "heartbreak",
      "breakup",
      "goodbye",
      "lonely",
      "alone",
      "tears",
      "cry",
      "sad",
      "lost",
      "miss",
      "gone",
    ],
    nouns: ["goodbye", "the empty room", "your memory"],
    actions: [
      "I watched you leave",
      "I'm crying",
      "the phone won't ring",
      "I walk alone",
      "your ghost is waiting",
    ],
    beings: ["my heart is", "I'm", "without you I'm", "these tears are", "the room is"],
    mood: "melancholic",
    genres: ["ballad", "indie", "soul"],
  },
  {
    name: "night city",
    triggers: [
      "city",
      "night",
      "neon",
      "street",
      "downtown",
      "lights",
      "midnight",
      "club",
      "urban",
      "skyline",
    ],
    nouns: ["neon", "the city", "midnight"],
    actions: [
      "neon signs are flashing",
      "we're driving",
      "the city's breathing",
      "we ride",
      "the sirens sing",
    ],
    beings: ["the city is", "tonight we're", "the streets are", "we are", "midnight is"],
    mood: "nocturnal",
    genres: ["synthwave", "electropop", "hip hop"],
  },
  {
    name: "ocean",
    triggers: ["ocean", "sea", "beach", "waves", "wave", "shore", "sail", "island", "tide", "surf"],
    nouns: ["the ocean", "the tide", "saltwater"],
    actions: ["the waves are crashing", "we're sailing", "the seagulls cry", "we drift", "the tide rolls in"],
    beings: ["the ocean is", "out here we're", "the water's", "we are", "my soul is"],
    mood: "dreamy",
    genres: ["indie folk", "surf rock", "chillwave"],
  },
  {
    name: "summer",
    triggers: ["summer", "sun", "sunshine", "holiday", "vacation", "july", "warm", "hot", "heat", "sunny"],
    nouns: ["summer", "sunshine", "July"],
    actions: ["we're laughing", "the radio plays", "we run barefoot", "we're dancing", "the sun goes down"],
    beings: ["this summer's", "we are", "the days are", "my heart is", "everything's"],
    mood: "upbeat",
    genres: ["pop", "reggae", "tropical house"],
  },
  {
    name: "road",
    triggers: ["road", "drive", "driving", "highway", "travel", "journey", "car", "miles", "trip", "wander"],
    nouns: ["the open road", "the highway", "these miles"],
    actions: ["we keep on driving", "the engine roars", "we're rolling", "I ride", "the wheels keep turning"],
    beings: ["the road is", "out here we're", "my heart is", "we are", "the night is"],
    mood: "hopeful",
    genres: ["country", "rock", "americana"],
  },
  {
    name: "rain",
    triggers: ["rain", "storm", "thunder", "cloud", "clouds", "grey", "gray", "autumn", "fall", "weather"],
    nouns: ["the rain", "the storm", "gray skies"],
    actions: [
      "the rain keeps falling",
      "the thunder rolls",
      "I'm waiting",
      "we're walking",
      "the windows weep",
    ],
    beings: ["the sky is", "my heart is", "the world is", "I'm", "the clouds are"],
    mood: "moody",
    genres: ["indie", "lo-fi", "blues"],
  },
  {
    name: "fire",
    triggers: [
      "fire",
      "flame",
      "burn",
      "burning",
      "passion",
      "wild",
      "rebel",
      "fight",
      "war",
      "power",
      "anthem",
    ],
    nouns: ["the fire", "the flame", "thunder"],
    actions: ["we're fighting", "the fire is raging", "we march", "we scream", "the drums are pounding"],
    beings: ["the fire is", "we are", "our blood is", "my soul is", "the crowd is"],
    mood: "energetic",
    genres: ["rock", "metal", "edm"],
  },
  {
    name: "dreams",
    triggers: ["dream", "dreams", "dreaming", "sleep", "wish", "hope", "magic", "fantasy", "fairy", "wonder"],
    nouns: ["dreams", "a wish", "the magic"],
    actions: ["I'm dreaming", "we're floating", "the stars are falling", "we wander", "the angels sing"],
    beings: ["my dreams are", "the night is", "we are", "I'm", "the world is"],
    mood: "dreamy",
    genres: ["dream pop", "ambient", "indie pop"],
  },
  {
    name: "space",
    triggers: [
      "space",
      "stars",
      "star",
      "galaxy",
      "moon",
      "planet",
      "cosmic",
      "astronaut",
      "rocket",
      "universe",
    ],
    nouns: ["the stars", "the galaxy", "the moon"],
    actions: ["we're flying", "the rockets rise", "we orbit", "the comets burn", "we're drifting"],
    beings: ["the sky is", "up here we're", "the stars are", "we are", "my heart is"],
    mood: "epic",
    genres: ["synthwave", "space rock", "electronic"],
  },
  {
    name: "home",
    triggers: [
      "home",
      "family",
      "mother",
      "father",
      "childhood",
      "town",
      "hometown",
      "friends",
      "friend",
      "memories",
    ],
    nouns: ["home", "my hometown", "old friends"],
    actions: ["I'm coming back", "we gather round", "the porch light waits", "I remember", "we're singing"],
    beings: ["my heart is", "back home we're", "the kitchen's", "we are", "I'm"],
    mood: "nostalgic",
    genres: ["folk", "country", "acoustic"],
  },
  {
    name: "party",
    triggers: [
      "party",
      "dance",
      "dancing",
      "club",
      "weekend",
      "friday",
      "celebrate",
      "groove",
      "disco",
      "drinks",
    ],
    nouns: ["the party", "the weekend", "the groove"],
    actions: ["we're dancing", "the bass is pumping", "we jump", "the lights go down", "we move"],
    beings: ["the crowd is", "tonight we're", "the floor is", "we are", "everybody's"],
    mood: "upbeat",
    genres: ["dance pop", "disco", "house"],
  },
  {
    name: "winter",
    triggers: ["winter", "snow", "cold", "christmas", "december", "ice", "frozen", "frost", "holiday"],
    nouns: ["the snow", "December", "winter"],
    actions: [
      "the snow is falling",
      "we're skating",
      "the fire crackles",
      "we wait",
      "the bells are ringing",
    ],
    beings: ["the world is", "this winter's", "we are", "my heart is", "the night is"],
    mood: "warm",
    genres: ["holiday pop", "folk", "jazz"],
  },
  {
    name: "freedom",
    triggers: ["free", "freedom", "fly", "flying", "escape", "run", "running", "break", "open", "sky"],
    nouns: ["freedom", "the sky", "open skies"],
    actions: ["we're running", "I spread my wings", "we break away", "we're flying", "I dance"],
    beings: ["my soul is", "we are", "now I'm", "the sky is", "our hearts are"],
    mood: "uplifting",
    genres: ["pop rock", "indie rock", "anthemic pop"],
  },
];

/** What every song can use, whatever its theme. */
export const COMMON_THEME: Pick<Theme, "actions" | "beings"> = {
  actions: ["we were dancing", "I keep on running", "you call my name", "we sing", "I'm searching"],
  beings: ["we are", "I'm", "my heart is", "you and I are", "tonight we're"],
};

/** The themes a prompt's words select, strongest first; the seed picks one when none matches. */
export function themesFor(words: readonly string[]): Theme[] {
  const scored = THEMES.map((theme) => ({
    theme,
    score: words.filter((word) => theme.triggers.includes(word)).length,
  })).filter((entry) => entry.score > 0);
  return scored.sort((a, b) => b.score - a.score).map((entry) => entry.theme);
}
