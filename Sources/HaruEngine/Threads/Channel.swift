@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

#if canImport(Glibc)
    import Glibc
#endif

/// A bounded queue from one thread to another (POSIX mutex and condition
/// variables: the library loads neither Dispatch nor Foundation). Senders
/// block while it is full, receivers while it is empty; `close` ends it.
///
/// Only `Sendable` items travel through it, so a sender keeps no access that
/// could race with the receiver's.
final class Channel<T: Sendable>: @unchecked Sendable {
    // @unchecked, and why it is safe: the stored properties are the mutex and
    // condition variable (made once, freed in deinit when no thread can hold
    // a reference), `capacity` (a constant), and `items` and `closed`, which
    // are read and written only between `pthread_mutex_lock(lock)` and its
    // unlock in the four methods below. `Synchronization.Mutex` cannot wait on
    // a condition, which a bounded queue needs.
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var items: [T] = []
    private var closed = false
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(lock)
        lock.deallocate()
        changed.deallocate()
    }

    /// Waits for room, then queues `item`. Consuming: the caller hands over
    /// its reference, so the receiver can be the one that frees the item
    /// (`ReadAhead` relies on it to free events on the thread that made them).
    /// - Returns: false when the channel is closed (the item is dropped): the receiver is gone.
    @discardableResult
    func send(_ item: consuming T) -> Bool {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        while items.count >= capacity && !closed { pthread_cond_wait(changed, lock) }
        if closed { return false }
        items.append(item)
        pthread_cond_broadcast(changed)
        return true
    }

    /// The next item; nil once the channel is closed and empty.
    func receive() -> T? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        while items.isEmpty && !closed { pthread_cond_wait(changed, lock) }
        if items.isEmpty { return nil }
        let item = items.removeFirst()
        pthread_cond_broadcast(changed)
        return item
    }

    /// The next item if one is waiting; never blocks.
    func tryReceive() -> T? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        if items.isEmpty { return nil }
        let item = items.removeFirst()
        pthread_cond_broadcast(changed)
        return item
    }

    /// No more items will come; waiting receivers see the rest, then nil.
    func close() {
        pthread_mutex_lock(lock)
        closed = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
    }
}
