/**
 * The rhyme lexicon: families of line endings whose last words rhyme. `place` endings follow an
 * action ("we were dancing" + "through the night"), `state` endings follow a being ("my heart is" +
 * "torn apart"), so every line reads as a sentence.
 */
export interface RhymeFamily {
  readonly sound: string;
  readonly place: readonly string[];
  readonly state: readonly string[];
}

export const RHYME_FAMILIES: readonly RhymeFamily[] = [
  {
    sound: "ight",
    place: [
      "through the night",
      "into the light",
      "in the neon light",
      "all through the night",
      "out of sight",
    ],
    state: ["burning bright", "holding on tight", "feeling right", "ready for flight", "alive tonight"],
  },
  {
    sound: "ay",
    place: ["down the highway", "far away", "every day", "along the way", "out in the bay"],
    state: ["here to stay", "fading to gray", "lost in the sway", "better today", "on our way"],
  },
  {
    sound: "art",
    place: ["back to the start", "right from the start", "straight to the heart", "worlds apart"],
    state: ["torn apart", "ready to start", "falling apart", "close to my heart", "a work of art"],
  },
  {
    sound: "ain",
    place: ["out in the rain", "down memory lane", "on the midnight train", "through the rain"],
    state: ["alive again", "free of the pain", "here to remain", "whole again", "breaking the chain"],
  },
  {
    sound: "ee",
    place: ["out on the sea", "under the tree", "next to me", "in a melody"],
    state: ["wild and free", "meant to be", "you and me", "finally free", "all I can be"],
  },
  {
    sound: "ow",
    place: ["in the afterglow", "on the radio", "out in the snow", "down below", "nice and slow"],
    state: ["ready to go", "letting it go", "all aglow", "the last to know", "moving slow"],
  },
  {
    sound: "ong",
    place: ["all night long", "all along", "where we belong", "inside a song", "all summer long"],
    state: ["holding on strong", "never wrong", "where I belong", "growing strong", "a summer song"],
  },
  {
    sound: "ind",
    place: ["leaving it all behind", "left behind", "in the back of my mind", "with the city behind"],
    state: ["out of my mind", "hard to find", "one of a kind", "ready to unwind", "finally aligned"],
  },
  {
    sound: "ace",
    place: ["out in space", "in this place", "all over the place", "in your embrace"],
    state: ["saved by grace", "lost in space", "winning the race", "caught in the chase", "face to face"],
  },
  {
    sound: "ear",
    place: ["right over here", "into the atmosphere", "year after year", "out on the frontier"],
    state: ["crystal clear", "free of fear", "ready to disappear", "finally here", "always near"],
  },
  {
    sound: "oon",
    place: ["under the moon", "in the afternoon", "out of tune", "beneath the moon"],
    state: ["over the moon", "coming home soon", "humming a tune", "warm as June", "gone too soon"],
  },
  {
    sound: "old",
    place: ["out in the cold", "paved with gold", "in the stories told", "into the cold"],
    state: ["brave and bold", "never too old", "solid as gold", "mine to hold", "taking hold"],
  },
  {
    sound: "un",
    place: ["under the sun", "on the run", "into the sun", "one by one"],
    state: ["only begun", "second to none", "finally one", "just having fun", "already won"],
  },
  {
    sound: "eet",
    place: ["down the street", "to the beat", "in the summer heat", "on repeat"],
    state: ["bittersweet", "incomplete", "off my feet", "finally complete", "sugar sweet"],
  },
  {
    sound: "ound",
    place: ["all around", "underground", "off the ground", "all the way around"],
    state: ["safe and sound", "lost and found", "homeward bound", "spinning around", "holding my ground"],
  },
  {
    sound: "ive",
    place: ["on a midnight drive", "out for a drive", "along for the drive"],
    state: ["so alive", "born to survive", "coming alive", "ready to thrive", "feeling alive"],
  },
  {
    sound: "ue",
    place: ["down the avenue", "into the blue", "all the way through", "out of the blue"],
    state: ["coming true", "something new", "painted blue", "born anew", "lost in you"],
  },
  {
    sound: "ine",
    place: ["across the skyline", "down the line", "under the sign", "in the sunshine"],
    state: ["yours and mine", "feeling fine", "ready to shine", "by design"],
  },
  {
    sound: "ore",
    place: ["out on the shore", "across the floor", "through the door", "to the ocean floor"],
    state: ["wanting more", "free to explore", "forevermore", "worth fighting for", "strong to the core"],
  },
  {
    sound: "ars",
    place: ["under the stars", "between the cars", "among the stars", "to the sound of guitars"],
    state: ["healing our scars", "reaching for stars", "written in the stars", "bright as the stars"],
  },
];

/** The last word of a line, lower case, without punctuation. */
export const lastWord = (line: string): string =>
  line
    .toLowerCase()
    .replace(/[^a-z'\s-]/g, " ")
    .trim()
    .split(/[\s-]+/)
    .pop() ?? "";

const FAMILY_OF_WORD = new Map<string, RhymeFamily>();
for (const family of RHYME_FAMILIES) {
  for (const ending of [...family.place, ...family.state]) FAMILY_OF_WORD.set(lastWord(ending), family);
}

/** The rhyme family a word ends, or null when the lexicon does not know the word. */
export const rhymeSound = (word: string): string | null =>
  FAMILY_OF_WORD.get(word.toLowerCase())?.sound ?? null;

/** True when two lines end in words of the same rhyme family (by this lexicon). */
export function linesRhyme(a: string, b: string): boolean {
  const sound = rhymeSound(lastWord(a));
  return sound !== null && sound === rhymeSound(lastWord(b));
}
