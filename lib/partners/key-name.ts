import "server-only";

/** How long a key's name may be (the partner's own label for it), in the console and the CLI alike. */
export const keyNameMaxLength = 60;
