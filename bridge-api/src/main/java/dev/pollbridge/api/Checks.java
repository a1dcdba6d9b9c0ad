package dev.pollbridge.api;

import java.util.ArrayList;
import java.util.List;

/** Build-time argument checks shared by the factories: bad input fails before anything runs. */
final class Checks {

    private Checks() {}

    /** {@code value}, or a {@link NullPointerException} naming the argument. */
    static <T> T notNull(T value, String name) {
        if (value == null) {
            throw new NullPointerException(name + " must not be null");
        }
        return value;
    }

    /**
     * A copy of {@code list} with every element checked, naming the bad index. The name is built
     * only for a null element: a join over 100,000 children must not format 100,000 strings.
     */
    static <T> List<T> elementsNotNull(List<? extends T> list, String name) {
        notNull(list, name);
        List<T> copy = new ArrayList<>(list.size());
        int index = 0;
        for (T element : list) {
            copy.add(elementNotNull(element, name, index));
            index++;
        }
        return copy;
    }

    /** The same check for the array of a varargs factory, read but never stored. */
    static <T> List<T> elementsNotNull(String name, T[] array) {
        notNull(array, name);
        List<T> copy = new ArrayList<>(array.length);
        for (int i = 0; i < array.length; i++) {
            copy.add(elementNotNull(array[i], name, i));
        }
        return copy;
    }

    /** {@code element}, or a {@link NullPointerException} naming {@code name[index]}. */
    private static <T> T elementNotNull(T element, String name, int index) {
        if (element == null) {
            throw new NullPointerException(name + "[" + index + "] must not be null");
        }
        return element;
    }
}
