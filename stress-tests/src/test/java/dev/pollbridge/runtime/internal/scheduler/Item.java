package dev.pollbridge.runtime.internal.scheduler;

/**
 * A queue element whose number is a plain (non-final) field written by the producer just before
 * the push, so a consumer that reads 0 saw an element whose contents were not published to it.
 */
final class Item {

    int number;

    static Item of(int number) {
        Item item = new Item();
        item.number = number;
        return item;
    }

    /** The element's number as a consumer on another thread sees it; -1 for "no element". */
    static int numberOf(Item item) {
        return item == null ? -1 : item.number;
    }

    /** Pops everything left in {@code queue} (owner side) as decimal digits in pop order: 1, 2 -> 12; empty -> 0. */
    static int drain(LocalQueue<Item> queue) {
        int digits = 0;
        for (Item item = queue.pop(); item != null; item = queue.pop()) {
            digits = digits * 10 + item.number;
        }
        return digits;
    }

    /**
     * Counts {@code item} in {@code seen} and returns its number; counts it in {@code seen[0]}
     * instead if it is null, unknown (beyond {@code seen}) or not after {@code previous}, so a
     * place whose elements are checked in order keeps FIFO order.
     */
    static int mark(int[] seen, Item item, int previous) {
        int number = numberOf(item);
        if (number < 1 || number >= seen.length || number <= previous) {
            seen[0]++;
            return previous;
        }
        seen[number]++;
        return number;
    }

    /**
     * Steals from {@code source} into {@code thiefQueue} (the calling thief's own, empty queue),
     * drains it, and counts what it got in {@code seen} (see {@link #mark}); returns how many it
     * stole.
     */
    static int stealAndMark(LocalQueue<Item> source, LocalQueue<Item> thiefQueue, int[] seen) {
        int[] count = new int[1];
        Item returned = source.stealInto(thiefQueue, count);
        if (returned == null) {
            return 0;
        }
        int previous = 0;
        for (Item item = thiefQueue.pop(); item != null; item = thiefQueue.pop()) {
            previous = mark(seen, item, previous);
        }
        mark(seen, returned, previous);
        return count[0];
    }
}
