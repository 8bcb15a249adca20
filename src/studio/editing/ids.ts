/** Makes the id of a new clip, track or lane; tests pass a counter so resulting states can be compared exactly. */
export type NewId = () => string;

export const randomId: NewId = () => crypto.randomUUID();
