/** Every messaging query key starts with `messaging`, so one invalidation can reach them all. */
export const messagingKeys = {
  all: ['messaging'] as const,
  conversations: () => ['messaging', 'conversations'] as const,
  conversationList: (search: string) => ['messaging', 'conversations', search] as const,
  conversation: (id: string) => ['messaging', 'conversation', id] as const,
  messages: (conversationId: string) => ['messaging', 'messages', conversationId] as const,
};
