/**
 * Where a user's re-encoded image is kept. The key is made from the caller's own id whenever an
 * image id is used, so naming someone else's image (or any other stored file) is impossible.
 */
export const userImageKey = (userId: string, imageId: string) => `images/${userId}/${imageId}.jpg`;
