package dev.pollbridge.runtime.internal.task;

/**
 * Cache-line padding before a {@link SpinLock}'s word (a superclass's fields are laid out first),
 * so that the word shares no line with the object allocated before it.
 */
@SuppressWarnings("unused")
abstract class SpinLockPadding {
    long p01, p02, p03, p04, p05, p06, p07, p08;
}
