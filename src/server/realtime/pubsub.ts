/** A message on a channel: a name (clip_update, workspace_change, kick_user...) and its JSON data. */
export interface RealtimeEvent {
  readonly name: string;
  readonly data: unknown;
}

export type RealtimeListener = (event: RealtimeEvent) => void;
export type Unsubscribe = () => Promise<void>;

/**
 * Publish and subscribe by channel name. In one process by default; with REDIS_URL, through Redis, so
 * an event published on one server instance reaches sockets held by every other instance.
 * `subscribe` resolves once events published afterwards are sure to be delivered.
 */
export interface PubSub {
  publish(channel: string, event: RealtimeEvent): Promise<void>;
  subscribe(channel: string, listener: RealtimeListener): Promise<Unsubscribe>;
  close(): Promise<void>;
}

/** A listener that throws must not stop delivery to the others, nor reach the publisher. */
export function deliver(
  listeners: Iterable<RealtimeListener>,
  event: RealtimeEvent,
  onError: (error: unknown) => void,
) {
  for (const listener of [...listeners]) {
    try {
      listener(event);
    } catch (error) {
      onError(error);
    }
  }
}

export class InProcessPubSub implements PubSub {
  private readonly channels = new Map<string, Set<RealtimeListener>>();

  constructor(private readonly onListenerError: (error: unknown) => void = () => {}) {}

  async publish(channel: string, event: RealtimeEvent): Promise<void> {
    const listeners = this.channels.get(channel);
    // Serialised and parsed as Redis would, so both implementations hand listeners the same values.
    if (listeners) deliver(listeners, JSON.parse(JSON.stringify(event)), this.onListenerError);
  }

  async subscribe(channel: string, listener: RealtimeListener): Promise<Unsubscribe> {
    let listeners = this.channels.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.channels.set(channel, listeners);
    }
    // A wrapper per call, so the same function subscribed twice is two subscriptions.
    const entry: RealtimeListener = (event) => listener(event);
    listeners.add(entry);
    return async () => {
      listeners.delete(entry);
      if (listeners.size === 0 && this.channels.get(channel) === listeners) this.channels.delete(channel);
    };
  }

  /** Channels with at least one listener (tests check that sockets clean up after themselves). */
  get channelCount(): number {
    return this.channels.size;
  }

  async close(): Promise<void> {
    this.channels.clear();
  }
}

/** Redis not reachable at start: the server refuses to start, saying so in one line. */
export class RedisUnavailableError extends Error {}

/** REDIS_URL selects Redis; without it, everything stays in this process. */
export async function pubSubFromEnv(
  env: NodeJS.ProcessEnv,
  onListenerError: (error: unknown) => void,
): Promise<PubSub> {
  if (!env.REDIS_URL) return new InProcessPubSub(onListenerError);
  // Loaded only when used: the Redis client takes a while to import.
  const { RedisPubSub } = await import("./redis-pubsub.ts");
  return RedisPubSub.connect(env.REDIS_URL, onListenerError);
}
