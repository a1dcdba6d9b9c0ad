package dev.pollbridge.runtime.internal.async;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The slot behind {@code AsyncEmitter.tryEmit}, its interleavings played out one by one: the
 * {@code open} check a tryEmit makes before and after its offer is where the owner's moves are
 * put. The races themselves run in jcstress ({@code ThreadStreamTryEmitVsEndStress}).
 */
class OfferSlotTest {

    private final OfferSlot slot = new OfferSlot();
    private final AtomicInteger wakes = new AtomicInteger();

    /** An item that counts its closes (a dropped item is closed). */
    private static final class Item implements AutoCloseable {
        int closes;

        @Override
        public void close() {
            closes++;
        }
    }

    @Test
    void anOfferWithoutDemandIsRefused() {
        assertFalse(slot.tryOffer(new Item(), () -> true, wakes::incrementAndGet));
        assertEquals(0, wakes.get());
    }

    @Test
    void anAcceptedOfferIsTakenOnceAndWakesTheOwnerOnce() {
        Item item = new Item();
        slot.demand();
        assertTrue(slot.tryOffer(item, () -> true, wakes::incrementAndGet));
        assertFalse(slot.tryOffer(new Item(), () -> true, wakes::incrementAndGet), "one item per demand");
        assertSame(item, slot.take());
        assertNull(slot.take());
        assertEquals(1, wakes.get());
    }

    @Test
    void anOfferMadeBeforeTheEndComesOutAheadOfIt() {
        Item item = new Item();
        slot.demand();
        assertTrue(slot.tryOffer(item, () -> true, wakes::incrementAndGet));
        assertSame(item, slot.takeLast());
        assertEquals(0, item.closes);
    }

    @Test
    void anOfferWhoseStreamEndsBetweenItsChecksIsWithdrawn() {
        Item item = new Item();
        slot.demand();
        boolean[] open = {true};
        boolean accepted = slot.tryOffer(item, () -> {
            boolean now = open[0];
            open[0] = false; // the body ends between the check before the offer and the one after it
            return now;
        }, wakes::incrementAndGet);
        assertFalse(accepted);
        assertNull(slot.takeLast(), "withdrawn: the end finds no item");
        assertEquals(0, item.closes, "the caller still owns it");
        assertEquals(0, wakes.get());
    }

    /**
     * The lost item of {@code AsyncStreamProducerStressTest} (round 203 of a CI run: 41 accepted,
     * 40 received): the tryEmit saw the stream open, the body ended and the consumer got the end
     * before the offer landed, and the consumer's close took the offer to drop it before the
     * tryEmit could withdraw it, so the tryEmit returned true for an item nobody read.
     */
    @Test
    void anOfferThatLandsAfterTheConsumerGotTheEndIsRefusedEvenIfTheCloseComesFirst() {
        Item item = new Item();
        slot.demand(); // the consumer's last poll: demand, then the end
        int[] checks = {0};
        boolean accepted = slot.tryOffer(item, () -> {
            if (checks[0]++ == 0) {
                assertNull(slot.takeLast()); // the end is returned after this check saw the stream open
                return true;
            }
            slot.dropUnread("the stream under test"); // the consumer closes before the check after the offer
            return false;
        }, wakes::incrementAndGet);
        assertFalse(accepted);
        assertEquals(0, item.closes, "refused, so the caller still owns it");
        assertEquals(0, wakes.get());
    }

    @Test
    void theCloseDropsAnAcceptedUnreadItemOnceAndRefusesEveryLaterOffer() {
        Item item = new Item();
        slot.demand();
        assertTrue(slot.tryOffer(item, () -> true, wakes::incrementAndGet));
        slot.dropUnread("the stream under test");
        slot.dropUnread("the stream under test");
        assertEquals(1, item.closes);
        slot.demand();
        assertFalse(slot.tryOffer(new Item(), () -> true, wakes::incrementAndGet));
        assertNull(slot.take());
    }
}
