/** What other features use of the account's security: nothing yet beyond its page (loaded by the router). */
export {};
