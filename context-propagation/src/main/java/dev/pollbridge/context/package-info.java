/**
 * Micrometer context-propagation for Pollbridge: {@link TaskLocalAccessor} and
 * {@link ContextPropagation}. See {@code docs/integrations.md}.
 */
package dev.pollbridge.context;
