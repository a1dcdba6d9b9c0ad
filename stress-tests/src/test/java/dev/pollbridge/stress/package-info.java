/**
 * The runner of the jcstress suite ({@link dev.pollbridge.stress.StressRun}) and helpers the tests
 * share. The tests themselves live in the packages of the classes they test, so they reach
 * package-private internals (jcstress runs on the class path).
 */
package dev.pollbridge.stress;
