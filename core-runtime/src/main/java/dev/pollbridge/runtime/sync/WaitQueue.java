package dev.pollbridge.runtime.sync;

/**
 * A FIFO of waiting operations: an intrusive doubly-linked list, so that a cancelled waiter
 * leaves it in O(1). Not thread-safe: guarded by the owning primitive's lock.
 *
 * @param <N> the node type
 */
final class WaitQueue<N extends WaitNode> {

    private WaitNode head;
    private WaitNode tail;

    boolean isEmpty() {
        return head == null;
    }

    void add(N node) {
        node.prev = tail;
        node.next = null;
        if (tail == null) {
            head = node;
        } else {
            tail.next = node;
        }
        tail = node;
        node.queued = true;
    }

    /** Unlinks {@code node} if it is queued; returns whether it was. */
    boolean remove(N node) {
        if (!node.queued) {
            return false;
        }
        if (node.prev == null) {
            head = node.next;
        } else {
            node.prev.next = node.next;
        }
        if (node.next == null) {
            tail = node.prev;
        } else {
            node.next.prev = node.prev;
        }
        node.prev = null;
        node.next = null;
        node.queued = false;
        return true;
    }

    /** The first node, or null. */
    @SuppressWarnings("unchecked")
    N peek() {
        return (N) head;
    }

    /** Removes and returns the first node, or null. */
    N poll() {
        N first = peek();
        if (first != null) {
            remove(first);
        }
        return first;
    }
}
