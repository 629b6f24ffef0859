/** The browser offers "Undo" this long after a deletion. */
export const UNDO_SECONDS = 10;

/**
 * The server keeps a deleted transcript restorable this long: the browser's undo window plus room
 * for a slow network, so an "Undo" clicked at the last moment still arrives in time.
 */
export const RESTORABLE_SECONDS = 30;
