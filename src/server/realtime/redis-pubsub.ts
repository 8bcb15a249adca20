import { createClient } from "redis";
import {
  deliver,
  type PubSub,
  type RealtimeEvent,
  type RealtimeListener,
  RedisUnavailableError,
  type Unsubscribe,
} from "./pubsub.ts";

/** Keeps Tunesmith's channels apart from anything else sharing the Redis server. */
const PREFIX = "tunesmith:";

type Client = ReturnType<typeof createClient>;

/**
 * Pub/sub through Redis for several server instances. One connection publishes; a second one (Redis
 * puts a subscribing connection in a mode where it can do nothing else) subscribes once per channel
 * and fans events out to this instance's listeners.
 */
export class RedisPubSub implements PubSub {
  private readonly channels = new Map<string, { listeners: Set<RealtimeListener>; ready: Promise<void> }>();

  private constructor(
    private readonly publisher: Client,
    private readonly subscriber: Client,
    private readonly onListenerError: (error: unknown) => void,
  ) {}

  static async connect(url: string, onListenerError: (error: unknown) => void): Promise<RedisPubSub> {
    let connected = false;
    const options = {
      url,
      socket: {
        connectTimeout: 5000,
        // Fail fast at start (a wrong REDIS_URL); once up, ride out Redis restarts.
        reconnectStrategy: (retries: number, cause: Error) =>
          connected ? Math.min(100 * 2 ** retries, 5000) : cause,
      },
    };
    const publisher = createClient(options);
    const subscriber = createClient(options);
    // Without listeners, a connection error would be an uncaught exception; reconnection is automatic.
    publisher.on("error", () => {});
    subscriber.on("error", () => {});
    try {
      await Promise.all([publisher.connect(), subscriber.connect()]);
    } catch (error) {
      publisher.destroy();
      subscriber.destroy();
      const reason = error instanceof Error ? error.message || error.name : String(error);
      throw new RedisUnavailableError(
        `cannot reach Redis at REDIS_URL (${reason}): start Redis, fix REDIS_URL, or unset it to keep realtime updates in this one process.`,
      );
    }
    connected = true;
    return new RedisPubSub(publisher as Client, subscriber as Client, onListenerError);
  }

  async publish(channel: string, event: RealtimeEvent): Promise<void> {
    await this.publisher.publish(PREFIX + channel, JSON.stringify(event));
  }

  async subscribe(channel: string, listener: RealtimeListener): Promise<Unsubscribe> {
    let state = this.channels.get(channel);
    if (!state) {
      const listeners = new Set<RealtimeListener>();
      const ready = this.subscriber.subscribe(PREFIX + channel, (message) => {
        let event: RealtimeEvent;
        try {
          event = JSON.parse(message);
        } catch (error) {
          this.onListenerError(error);
          return;
        }
        deliver(listeners, event, this.onListenerError);
      });
      state = { listeners, ready };
      this.channels.set(channel, state);
    }
    const entry: RealtimeListener = (event) => listener(event);
    state.listeners.add(entry);
    const current = state;
    try {
      await current.ready;
    } catch (error) {
      current.listeners.delete(entry);
      if (this.channels.get(channel) === current) this.channels.delete(channel);
      throw error;
    }
    return async () => {
      current.listeners.delete(entry);
      if (current.listeners.size > 0 || this.channels.get(channel) !== current) return;
      this.channels.delete(channel);
      // Commands run in order on the connection, so a later SUBSCRIBE to the channel comes after this.
      await this.subscriber.unsubscribe(PREFIX + channel).catch(this.onListenerError);
    };
  }

  async close(): Promise<void> {
    this.channels.clear();
    await Promise.allSettled([this.subscriber.close(), this.publisher.close()]);
  }
}
