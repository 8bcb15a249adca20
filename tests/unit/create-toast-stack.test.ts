import { describe, expect, it } from "vitest";
import { stackToast, TOASTS_SHOWN_MAX } from "../../src/app/shell/toast-stack.ts";

interface TestToast {
  readonly id: number;
  readonly kind: "info" | "error";
  readonly title: string;
  readonly description?: string;
  readonly durationMs: number | null;
}

const timed = (id: number, title = `t${id}`): TestToast => ({ id, kind: "info", title, durationMs: 3000 });
const kept = (id: number): TestToast => ({ id, kind: "error", title: `k${id}`, durationMs: null });
const ids = (toasts: readonly TestToast[]) => toasts.map((toast) => toast.id);

describe("the toast stack", () => {
  it("shows at most three, the newcomer always, the oldest timed one leaving first", () => {
    expect(TOASTS_SHOWN_MAX).toBe(3);
    let shown: TestToast[] = [];
    for (let id = 1; id <= 4; id++) shown = stackToast(shown, timed(id));
    expect(ids(shown)).toEqual([2, 3, 4]);
  });

  it("drops a toast kept until closed only when no older one would leave by itself", () => {
    expect(ids(stackToast([kept(1), timed(2), kept(3)], timed(4)))).toEqual([1, 3, 4]);
    expect(ids(stackToast([kept(1), kept(2), kept(3)], timed(4)))).toEqual([2, 3, 4]);
    expect(ids(stackToast([kept(1), kept(2), kept(3)], kept(4)))).toEqual([2, 3, 4]);
  });

  it("replaces a toast saying the same instead of stacking a copy", () => {
    const shown = [timed(1, "Model changed"), timed(2, "Inputs truncated")];
    expect(ids(stackToast(shown, timed(3, "Model changed")))).toEqual([2, 3]);
    const described = { ...timed(4, "Inputs truncated"), description: "more" };
    expect(ids(stackToast(shown, described))).toEqual([1, 2, 4]);
  });
});
