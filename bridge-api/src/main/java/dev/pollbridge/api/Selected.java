package dev.pollbridge.api;

import java.util.List;
import java.util.Objects;

/**
 * What {@link Futures#selectAllWithRest} completes with: the outcome of the first future to
 * finish, its index in the list, and the futures that had not finished, handed back to the caller
 * (futures-rs's {@code select_all} output, {@code (value, index, rest)}).
 *
 * <p>The rest are still running: whoever holds this now owns them, and must poll them further
 * (another {@code selectAllWithRest} of {@link #rest()}, say) or close them.
 *
 * @param <T> the value type of the futures
 * @param <F> the type of the futures handed back
 */
public final class Selected<T, F> {

    private final Poll<T> outcome;
    private final int index;
    private final List<F> rest;

    Selected(Poll<T> outcome, int index, List<F> rest) {
        this.outcome = outcome;
        this.index = index;
        this.rest = rest;
    }

    /**
     * How the first future finished: {@code ready(value)} or {@code failed(error)}, never
     * {@code pending}. A failure does not fail the select, so the rest are handed back either way.
     *
     * @return the first future's outcome
     */
    public Poll<T> outcome() {
        return outcome;
    }

    /**
     * The first future's value: {@code outcome().value()}.
     *
     * @return the value, possibly {@code null}
     * @throws IllegalStateException if the first future failed (its failure is the cause)
     */
    public T value() {
        return outcome.value();
    }

    /**
     * The index of the first future in the list the select was built with.
     *
     * @return the winner's index
     */
    public int index() {
        return index;
    }

    /**
     * The futures that had not finished, in their list order without the winner: an unmodifiable
     * list, owned by the caller from now on.
     *
     * @return the other futures, unfinished
     */
    public List<F> rest() {
        return rest;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Selected<?, ?> that && index == that.index && outcome.equals(that.outcome)
                && rest.equals(that.rest);
    }

    @Override
    public int hashCode() {
        return Objects.hash(outcome, index, rest);
    }

    @Override
    public String toString() {
        return "Selected[index=" + index + ", " + outcome + ", rest=" + rest.size() + "]";
    }
}
