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
}
