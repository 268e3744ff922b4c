/**
 * In-process domain events: a module announces what happened; other modules react without reaching into it. Each
 * module declares its own events from its `index.ts` (declaration merging), so every payload is typed.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface DomainEvents {}

type Listener<T> = (payload: T) => void;

export class EventBus {
  private readonly listeners = new Map<keyof DomainEvents, Listener<never>[]>();

  on<K extends keyof DomainEvents>(event: K, listener: Listener<DomainEvents[K]>): void {
    const list = this.listeners.get(event) ?? [];
    list.push(listener as Listener<never>);
    this.listeners.set(event, list);
  }

  /** Listeners run synchronously, inside the caller's transaction when there is one. */
  emit<K extends keyof DomainEvents>(event: K, payload: DomainEvents[K]): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as Listener<DomainEvents[K]>)(payload);
  }
}
