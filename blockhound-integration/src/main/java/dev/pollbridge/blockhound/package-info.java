/**
 * A BlockHound integration for the Pollbridge runtime: {@link PollbridgeBlockHoundIntegration}.
 * See {@code docs/integrations.md}.
 */
package dev.pollbridge.blockhound;
