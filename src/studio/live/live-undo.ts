// Undo and redo of one's own edits in a live project: Yjs's undo manager tracks only the
// transactions made with this page's origin, so someone else's edit is never undone here, and an
// undo of a change someone else has since changed again keeps their change where it does not clash.

import * as Y from "yjs";
import { projectDocParts } from "../../shared/collab/project-doc.ts";

export class LiveUndo {
  /** The origin of this page's own transactions. */
  readonly origin = Symbol("own edit");
  private readonly manager: Y.UndoManager;

  constructor(readonly doc: Y.Doc) {
    const parts = projectDocParts(doc);
    this.manager = new Y.UndoManager([parts.settings, parts.tracks, parts.trackOrder, parts.clips], {
      trackedOrigins: new Set([this.origin]),
      // Each edit is its own step; a drag's steps are merged explicitly (see transact).
      captureTimeout: Number.POSITIVE_INFINITY,
    });
  }

  /**
   * Runs a write as one of this page's own edits. A new step starts unless `continueStep` (the
   * later steps of one drag, which undo as one).
   */
  transact(write: () => void, continueStep = false): void {
    if (!continueStep) this.manager.stopCapturing();
    this.doc.transact(write, this.origin);
  }

  canUndo = (): boolean => this.manager.canUndo();
  canRedo = (): boolean => this.manager.canRedo();

  undo(): void {
    this.manager.undo();
    this.manager.stopCapturing();
  }

  redo(): void {
    this.manager.redo();
    this.manager.stopCapturing();
  }

  /** Called whenever what undo or redo can do may have changed. */
  onStacks(listener: () => void): void {
    for (const event of ["stack-item-added", "stack-item-popped", "stack-cleared"] as const) {
      this.manager.on(event, listener);
    }
  }

  destroy(): void {
    this.manager.destroy();
  }
}
