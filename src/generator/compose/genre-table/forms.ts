// Song forms the genre tables share, as section tags. A sung form's Verse, Pre-Chorus, Chorus,
// Hook, Bridge and Outro carry lines; Intro, Instrumental, Solo, Build, Drop and Breakdown are
// played, not sung. Every sung form sings its hook: in a chorus (or hook), or in the outro.

export const RADIO_FORM = [
  "Verse",
  "Pre-Chorus",
  "Chorus",
  "Verse 2",
  "Pre-Chorus",
  "Chorus",
  "Bridge",
  "Chorus",
  "Outro",
];
export const SHORT_POP_FORM = ["Intro", "Verse", "Chorus", "Verse 2", "Chorus", "Bridge", "Chorus"];
export const VERSE_CHORUS_FORM = ["Intro", "Verse", "Chorus", "Verse 2", "Chorus", "Solo", "Chorus", "Outro"];
export const BALLAD_FORM = ["Intro", "Verse", "Verse 2", "Chorus", "Verse 3", "Chorus", "Outro"];
export const STROPHIC_FORM = ["Intro", "Verse", "Chorus", "Verse 2", "Chorus", "Verse 3", "Chorus"];
export const PUNK_FORM = ["Verse", "Chorus", "Verse 2", "Chorus", "Bridge", "Chorus", "Chorus"];
export const HOOK_FORM = ["Intro", "Hook", "Verse", "Hook", "Verse 2", "Hook", "Outro"];
export const RAP_FORM = ["Intro", "Verse", "Hook", "Verse 2", "Hook", "Bridge", "Hook", "Outro"];
export const DROP_FORM = [
  "Intro",
  "Verse",
  "Build",
  "Chorus",
  "Drop",
  "Breakdown",
  "Verse 2",
  "Build",
  "Chorus",
  "Drop",
  "Outro",
];
export const DROP_CHORUS_FORM = [
  "Intro",
  "Verse",
  "Build",
  "Chorus",
  "Drop",
  "Verse 2",
  "Chorus",
  "Drop",
  "Outro",
];
/** Thirty-two bar song form: A A B A, a solo over the changes, then the bridge and the head again. */
export const AABA_FORM = [
  "Intro",
  "Verse",
  "Verse 2",
  "Bridge",
  "Verse 3",
  "Solo",
  "Bridge",
  "Verse 3",
  "Outro",
];

export const INSTRUMENTAL_SONG = ["Intro", "Verse", "Chorus", "Verse", "Chorus", "Bridge", "Chorus", "Outro"];
export const INSTRUMENTAL_LOOP = ["Intro", "Verse", "Chorus", "Verse", "Chorus", "Outro"];
export const INSTRUMENTAL_BEAT = ["Intro", "Hook", "Verse", "Hook", "Verse", "Hook", "Outro"];
export const INSTRUMENTAL_DROPS = ["Intro", "Build", "Drop", "Breakdown", "Build", "Drop", "Outro"];
export const INSTRUMENTAL_HEAD = ["Intro", "Verse", "Verse", "Bridge", "Verse", "Solo", "Verse", "Outro"];
/** A trailer rises in steps to one climax, then ends on it. */
export const TRAILER_FORM = ["Intro", "Verse", "Build", "Bridge", "Breakdown", "Build", "Drop", "Outro"];
