/** Spec: "over 15 MB". Binary megabytes (15 MiB), the larger reading, so no photo a partner
 * measured as 15 MB in either unit is refused. Apart from the fetcher, so pages that only
 * state the limit do not load the decoder. */
export const maxPhotoBytes = 15 * 1024 * 1024;
