/** The chat of a comment thread, live. */
export { CommentChat } from './CommentChat';
export type { CommentThread } from './use-comments';
