package dev.pollbridge.runtime.internal.async;

/**
 * Task-local bindings a continuation-mode body pushed itself and holds across a suspension (rule
 * A4): they stay with the body, not with the worker, and are installed again when it resumes,
 * until the body's scope ends. Immutable; made only when a body suspends inside a scope of its
 * own (a {@code syncScope} around an await), so a plain body carries none.
 */
final class HeldBindings {

    /** The head of the bindings at the suspension: the body's own frames in front of {@link #base}. */
    final LocalBindings.Frame top;
    /** The owner's bindings the body's frames were pushed on. */
    final LocalBindings.Frame base;

    private HeldBindings(LocalBindings.Frame top, LocalBindings.Frame base) {
        this.top = top;
        this.base = base;
    }

    /**
     * What the body holds after a run that began with {@code held} installed over
     * {@code ownerLocals} and suspended with {@code atSuspension} in force: null once it holds
     * nothing of its own (the next resume sees the owner's latest bindings).
     */
    static HeldBindings after(HeldBindings held, LocalBindings.Frame atSuspension, LocalBindings.Frame ownerLocals) {
        if (atSuspension == ownerLocals || (held != null && atSuspension == held.base)) {
            return null;
        }
        if (held != null && atSuspension == held.top) {
            return held;
        }
        return new HeldBindings(atSuspension, held == null ? ownerLocals : held.base);
    }
}
