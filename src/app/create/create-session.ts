// Opening /create starts a feature session of type create: one token per page
// load, sent with generations and lyrics jobs.

export const createSessionToken: string = crypto.randomUUID();
