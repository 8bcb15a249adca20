// The live editing socket's binary messages, as y-websocket frames them: a message type, then
// y-protocols' sync or awareness payload; plus a refusal carrying its reason. Page and server
// build and read them with these helpers.

import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import * as syncProtocol from "y-protocols/sync";
import type * as Y from "yjs";

export const MESSAGE_SYNC = 0;
export const MESSAGE_AWARENESS = 1;
/** The server refused the sender's last update: the reason follows; the page reloads the server's doc. */
export const MESSAGE_REFUSED = 2;

/** Close codes: the sender may no longer edit (removed from the project), or the project got locked. */
export const LIVE_CLOSE_NOT_MEMBER = 4403;
export const LIVE_CLOSE_LOCKED = 4423;

export const livePath = (projectId: string): string => `/api/studio/project/${projectId}/live`;

export const NOT_A_LIVE_MEMBER = "You may not edit this project live";
export const MALFORMED_LIVE_MESSAGE = "Malformed live message";
export const OUT_OF_ORDER_UPDATE = "The update depends on changes the server does not have: sync again";
export const PRESENCE_NOT_YOURS = "Presence may only describe yourself";

/** Sync step 1: the sender's state vector, asking for what it lacks. */
export function syncStep1(doc: Y.Doc): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  syncProtocol.writeSyncStep1(encoder, doc);
  return encoding.toUint8Array(encoder);
}

/** Sync step 2: what `doc` has that the holder of `stateVector` lacks. */
export function syncStep2(doc: Y.Doc, stateVector: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  syncProtocol.writeSyncStep2(encoder, doc, stateVector);
  return encoding.toUint8Array(encoder);
}

export function syncUpdate(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  syncProtocol.writeUpdate(encoder, update);
  return encoding.toUint8Array(encoder);
}

export function awarenessMessage(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_AWARENESS);
  encoding.writeVarUint8Array(encoder, update);
  return encoding.toUint8Array(encoder);
}

export function refusedMessage(detail: string): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_REFUSED);
  encoding.writeVarString(encoder, detail);
  return encoding.toUint8Array(encoder);
}

export type LiveMessage =
  | { readonly kind: "step1"; readonly stateVector: Uint8Array }
  /** `answer`: sync step 2, the reply to this side's step 1. */
  | { readonly kind: "update"; readonly update: Uint8Array; readonly answer: boolean }
  | { readonly kind: "awareness"; readonly update: Uint8Array }
  | { readonly kind: "refused"; readonly detail: string };

/** Reads one message; throws on anything malformed. */
export function readLiveMessage(data: Uint8Array): LiveMessage {
  const decoder = decoding.createDecoder(data);
  const type = decoding.readVarUint(decoder);
  let message: LiveMessage;
  if (type === MESSAGE_SYNC) {
    const step = decoding.readVarUint(decoder);
    const payload = decoding.readVarUint8Array(decoder);
    if (step === syncProtocol.messageYjsSyncStep1) message = { kind: "step1", stateVector: payload };
    else if (step === syncProtocol.messageYjsSyncStep2 || step === syncProtocol.messageYjsUpdate)
      message = { kind: "update", update: payload, answer: step === syncProtocol.messageYjsSyncStep2 };
    else throw new Error(MALFORMED_LIVE_MESSAGE);
  } else if (type === MESSAGE_AWARENESS) {
    message = { kind: "awareness", update: decoding.readVarUint8Array(decoder) };
  } else if (type === MESSAGE_REFUSED) {
    message = { kind: "refused", detail: decoding.readVarString(decoder) };
  } else throw new Error(MALFORMED_LIVE_MESSAGE);
  if (decoding.hasContent(decoder)) throw new Error(MALFORMED_LIVE_MESSAGE);
  return message;
}

/** The client ids an awareness update speaks for, with the states it gives them (null: gone). */
export function awarenessEntries(update: Uint8Array): { clientId: number; state: unknown }[] {
  const decoder = decoding.createDecoder(update);
  const count = decoding.readVarUint(decoder);
  const entries: { clientId: number; state: unknown }[] = [];
  for (let index = 0; index < count; index++) {
    const clientId = decoding.readVarUint(decoder);
    decoding.readVarUint(decoder);
    entries.push({ clientId, state: JSON.parse(decoding.readVarString(decoder)) });
  }
  return entries;
}
