// sd-bus's types from its header, and its functions through a table filled by dlopen/dlsym at
// first use instead of by the linker (see BusLibrary.swift for why). The helpers below keep the
// error structure and the signal callback in C, where they are one line each.
// https://www.freedesktop.org/software/systemd/man/latest/sd-bus.html
#ifndef BINGWALL_CSYSTEMD_SHIM_H
#define BINGWALL_CSYSTEMD_SHIM_H

#include "../CLoader/loader.h"
#include <stdint.h>
#include <string.h>
#include <systemd/sd-bus.h>

/// Every sd-bus function bingwall calls, resolved once from the loaded library. All are in
/// systemd 246 and later (sd_bus_request_name_async is the newest); Debian 12 ships 252.
typedef struct bw_bus_api {
  int (*_Nonnull bus_new)(sd_bus *_Nullable *_Nonnull bus);
  int (*_Nonnull set_address)(sd_bus *_Nonnull bus, const char *_Nonnull address);
  int (*_Nonnull set_bus_client)(sd_bus *_Nonnull bus, int client);
  int (*_Nonnull set_method_call_timeout)(sd_bus *_Nonnull bus, uint64_t usec);
  int (*_Nonnull start)(sd_bus *_Nonnull bus);
  sd_bus *_Nullable (*_Nonnull flush_close_unref)(sd_bus *_Nullable bus);
  int (*_Nonnull get_property_trivial)(sd_bus *_Nonnull bus, const char *_Nonnull destination,
                                       const char *_Nonnull path, const char *_Nonnull interface,
                                       const char *_Nonnull member, sd_bus_error *_Nullable error,
                                       char type, void *_Nonnull value);
  int (*_Nonnull process)(sd_bus *_Nonnull bus, sd_bus_message *_Nullable *_Nullable message);
  int (*_Nonnull get_fd)(sd_bus *_Nonnull bus);
  int (*_Nonnull get_events)(sd_bus *_Nonnull bus);
  const char *_Nullable (*_Nonnull message_get_path)(sd_bus_message *_Nonnull message);
  const char *_Nullable (*_Nonnull message_get_interface)(sd_bus_message *_Nonnull message);
  const char *_Nullable (*_Nonnull message_get_member)(sd_bus_message *_Nonnull message);
  int (*_Nonnull message_read_basic)(sd_bus_message *_Nonnull message, char type, void *_Nullable value);
  sd_bus_message *_Nullable (*_Nonnull message_unref)(sd_bus_message *_Nullable message);
  void (*_Nonnull error_free)(sd_bus_error *_Nullable error);
  int (*_Nonnull message_get_type)(sd_bus_message *_Nonnull message, uint8_t *_Nonnull type);
  const char *_Nullable (*_Nonnull message_get_destination)(sd_bus_message *_Nonnull message);
  /// sd_bus_call_method_async, which is variadic: Swift cannot import a field of that type, so
  /// it is kept untyped and called through `bw_bus_ask` only.
  void *_Nonnull call_method_async;
  int (*_Nonnull add_match_async)(sd_bus *_Nonnull bus, sd_bus_slot *_Nullable *_Nullable slot,
                                  const char *_Nonnull match, sd_bus_message_handler_t _Nullable callback,
                                  sd_bus_message_handler_t _Nullable install_callback, void *_Nullable userdata);
  sd_bus_slot *_Nullable (*_Nonnull slot_unref)(sd_bus_slot *_Nullable slot);
  int (*_Nonnull message_is_method_error)(sd_bus_message *_Nonnull message, const char *_Nullable name);
  int (*_Nonnull message_get_errno)(sd_bus_message *_Nonnull message);
  int (*_Nonnull message_enter_container)(sd_bus_message *_Nonnull message, char type,
                                          const char *_Nullable contents);
  /// sd_bus_call_method, variadic too: called through `bw_bus_call` only.
  void *_Nonnull call_method;
  // What a service needs (the daemon's panel menu and notifications): its own name, replies,
  // signals, and messages built and read piece by piece.
  int (*_Nonnull request_name_async)(sd_bus *_Nonnull bus, sd_bus_slot *_Nullable *_Nullable slot,
                                     const char *_Nonnull name, uint64_t flags,
                                     sd_bus_message_handler_t _Nullable callback, void *_Nullable userdata);
  int (*_Nonnull message_new_method_return)(sd_bus_message *_Nonnull call,
                                            sd_bus_message *_Nullable *_Nonnull message);
  int (*_Nonnull message_new_method_error)(sd_bus_message *_Nonnull call, sd_bus_message *_Nullable *_Nonnull message,
                                           const sd_bus_error *_Nonnull error);
  int (*_Nonnull message_new_signal)(sd_bus *_Nonnull bus, sd_bus_message *_Nullable *_Nonnull message,
                                     const char *_Nonnull path, const char *_Nonnull interface,
                                     const char *_Nonnull member);
  int (*_Nonnull message_new_method_call)(sd_bus *_Nonnull bus, sd_bus_message *_Nullable *_Nonnull message,
                                          const char *_Nullable destination, const char *_Nonnull path,
                                          const char *_Nonnull interface, const char *_Nonnull member);
  int (*_Nonnull message_append_basic)(sd_bus_message *_Nonnull message, char type, const void *_Nonnull value);
  int (*_Nonnull message_append_array)(sd_bus_message *_Nonnull message, char type, const void *_Nullable bytes,
                                       size_t size);
  int (*_Nonnull message_open_container)(sd_bus_message *_Nonnull message, char type,
                                         const char *_Nullable contents);
  int (*_Nonnull message_close_container)(sd_bus_message *_Nonnull message);
  int (*_Nonnull message_exit_container)(sd_bus_message *_Nonnull message);
  int (*_Nonnull message_skip)(sd_bus_message *_Nonnull message, const char *_Nullable types);
  int (*_Nonnull message_peek_type)(sd_bus_message *_Nonnull message, char *_Nullable type,
                                    const char *_Nullable *_Nullable contents);
  int (*_Nonnull send)(sd_bus *_Nonnull bus, sd_bus_message *_Nonnull message, uint64_t *_Nullable cookie);
  int (*_Nonnull call_async)(sd_bus *_Nonnull bus, sd_bus_slot *_Nullable *_Nullable slot,
                             sd_bus_message *_Nonnull message, sd_bus_message_handler_t _Nullable callback,
                             void *_Nullable userdata, uint64_t usec);
  sd_bus_message *_Nullable (*_Nonnull message_ref)(sd_bus_message *_Nullable message);
} bw_bus_api;

/// Every field of bw_bus_api with its function's name in libsystemd, for BW_LIBRARY_LOADER.
#define BW_BUS_SYMBOLS(RESOLVE)                                      \
  RESOLVE(bus_new, "sd_bus_new")                                     \
  RESOLVE(set_address, "sd_bus_set_address")                         \
  RESOLVE(set_bus_client, "sd_bus_set_bus_client")                   \
  RESOLVE(set_method_call_timeout, "sd_bus_set_method_call_timeout") \
  RESOLVE(start, "sd_bus_start")                                     \
  RESOLVE(flush_close_unref, "sd_bus_flush_close_unref")             \
  RESOLVE(get_property_trivial, "sd_bus_get_property_trivial")       \
  RESOLVE(process, "sd_bus_process")                                 \
  RESOLVE(get_fd, "sd_bus_get_fd")                                   \
  RESOLVE(get_events, "sd_bus_get_events")                           \
  RESOLVE(message_get_path, "sd_bus_message_get_path")               \
  RESOLVE(message_get_interface, "sd_bus_message_get_interface")     \
  RESOLVE(message_get_member, "sd_bus_message_get_member")           \
  RESOLVE(message_read_basic, "sd_bus_message_read_basic")           \
  RESOLVE(message_unref, "sd_bus_message_unref")                     \
  RESOLVE(error_free, "sd_bus_error_free")                           \
  RESOLVE(message_get_type, "sd_bus_message_get_type")               \
  RESOLVE(message_get_destination, "sd_bus_message_get_destination") \
  RESOLVE(call_method_async, "sd_bus_call_method_async")             \
  RESOLVE(add_match_async, "sd_bus_add_match_async")                 \
  RESOLVE(slot_unref, "sd_bus_slot_unref")                           \
  RESOLVE(message_is_method_error, "sd_bus_message_is_method_error") \
  RESOLVE(message_get_errno, "sd_bus_message_get_errno")             \
  RESOLVE(message_enter_container, "sd_bus_message_enter_container") \
  RESOLVE(call_method, "sd_bus_call_method")                         \
  RESOLVE(request_name_async, "sd_bus_request_name_async")           \
  RESOLVE(message_new_method_return, "sd_bus_message_new_method_return") \
  RESOLVE(message_new_method_error, "sd_bus_message_new_method_error") \
  RESOLVE(message_new_signal, "sd_bus_message_new_signal")           \
  RESOLVE(message_new_method_call, "sd_bus_message_new_method_call") \
  RESOLVE(message_append_basic, "sd_bus_message_append_basic")       \
  RESOLVE(message_append_array, "sd_bus_message_append_array")       \
  RESOLVE(message_open_container, "sd_bus_message_open_container")   \
  RESOLVE(message_close_container, "sd_bus_message_close_container") \
  RESOLVE(message_exit_container, "sd_bus_message_exit_container")   \
  RESOLVE(message_skip, "sd_bus_message_skip")                       \
  RESOLVE(message_peek_type, "sd_bus_message_peek_type")             \
  RESOLVE(send, "sd_bus_send")                                       \
  RESOLVE(call_async, "sd_bus_call_async")                           \
  RESOLVE(message_ref, "sd_bus_message_ref")

/// `bw_bus_load(soname, api)` opens libsystemd and fills `api`; it names the first missing
/// function in a systemd older than 240.
BW_LIBRARY_LOADER(bw_bus_load, bw_bus_api, BW_BUS_SYMBOLS)

/// Connects to the bus at `address` as a client (the system bus's address, usually
/// `unix:path=/run/dbus/system_bus_socket`), with every method call bounded by `timeout_usec`.
/// Returns the bus, or NULL with the negative errno in `failure`.
static inline sd_bus *_Nullable bw_bus_connect(const bw_bus_api *_Nonnull api, const char *_Nonnull address,
                                               uint64_t timeout_usec, int *_Nonnull failure) {
  sd_bus *bus = NULL;
  int r = api->bus_new(&bus);
  if (r < 0) {
    *failure = r;
    return NULL;
  }
  if ((r = api->set_address(bus, address)) < 0 || (r = api->set_bus_client(bus, 1)) < 0 ||
      (r = api->set_method_call_timeout(bus, timeout_usec)) < 0 || (r = api->start(bus)) < 0) {
    api->flush_close_unref(bus);
    *failure = r;
    return NULL;
  }
  return bus;
}

/// Reads a property of a fixed-size type (`b`: an int, `u`: a uint32_t, `d`: a double) into
/// `value`. Returns 0, or a negative errno with the D-Bus error's name copied into `error_name`
/// (empty when there was none).
static inline int bw_bus_get_trivial(const bw_bus_api *_Nonnull api, sd_bus *_Nonnull bus,
                                     const char *_Nonnull destination, const char *_Nonnull path,
                                     const char *_Nonnull interface, const char *_Nonnull member, char type,
                                     void *_Nonnull value, char *_Nonnull error_name, size_t capacity) {
  sd_bus_error error = SD_BUS_ERROR_NULL;
  int r = api->get_property_trivial(bus, destination, path, interface, member, &error, type, value);
  error_name[0] = 0;
  if (r < 0 && error.name && capacity > 0) {
    strncpy(error_name, error.name, capacity - 1);
    error_name[capacity - 1] = 0;
  }
  api->error_free(&error);
  return r < 0 ? r : 0;
}

/// Declines every message, so that sd_bus_process hands it back to its caller instead of
/// consuming it (sd_bus_process returns every message no handler took: the signals the match
/// rules let in, and anything sent to us directly, which the caller sets aside).
static inline int bw_bus_decline(sd_bus_message *_Nonnull message, void *_Nullable userdata,
                                 sd_bus_error *_Nullable error) {
  (void)message;
  (void)userdata;
  (void)error;
  return 0;
}

/// Asks the bus for the signals `rule` matches without waiting for its answer: the daemon's
/// way, which never blocks on the bus (a bus that accepts the connection and then hangs would
/// hold it for the method call timeout per rule). sd-bus closes the connection if the bus
/// refuses the rule; the caller sees a lost connection and connects again later.
static inline int bw_bus_listen(const bw_bus_api *_Nonnull api, sd_bus *_Nonnull bus, const char *_Nonnull rule) {
  return api->add_match_async(bus, NULL, rule, bw_bus_decline, NULL, NULL);
}

/// One property asked for with `bw_bus_ask`: filled in when its answer (or an error, or
/// sd-bus's own timeout) is read by sd_bus_process. It lives until its slot is released, so
/// sd-bus never writes to it after.
typedef struct bw_bus_answer {
  const bw_bus_api *_Nullable api;
  /// 'b' (an int), 'u' (a uint32_t) or 'd' (a double).
  char type;
  /// 0 while waiting, 1 answered, a negative errno when it failed.
  int state;
  union {
    int boolean;
    uint32_t unsigned32;
    double real;
  } value;
} bw_bus_answer;

/// The state a reply leaves a pending call in when it is an error: its errno negated, or EIO's
/// when the error names none; 0 when the reply is not an error.
static inline int bw_bus_error_state(const bw_bus_api *_Nonnull api, sd_bus_message *_Nonnull message) {
  if (!api->message_is_method_error(message, NULL)) return 0;
  int code = api->message_get_errno(message);
  return code > 0 ? -code : -5;  // EIO when the error names no errno
}

/// The reply of a `Get`: the property's variant, read into the answer.
static inline int bw_bus_answered(sd_bus_message *_Nonnull message, void *_Nullable userdata,
                                  sd_bus_error *_Nullable error) {
  (void)error;
  bw_bus_answer *answer = (bw_bus_answer *)userdata;
  if (!answer || !answer->api) return 1;
  answer->state = bw_bus_error_state(answer->api, message);
  if (answer->state < 0) return 1;
  const char contents[2] = {answer->type, 0};
  int r = answer->api->message_enter_container(message, 'v', contents);
  if (r > 0) r = answer->api->message_read_basic(message, answer->type, &answer->value);
  answer->state = r > 0 ? 1 : (r < 0 ? r : -74);  // EBADMSG: not the type asked for
  return 1;
}

/// Sends `org.freedesktop.DBus.Properties.Get(interface, member)` to `destination` and returns
/// at once; `answer` is filled in when sd_bus_process reads the reply. `slot` holds the pending
/// call: releasing it cancels the call.
static inline int bw_bus_ask(const bw_bus_api *_Nonnull api, sd_bus *_Nonnull bus,
                             sd_bus_slot *_Nullable *_Nonnull slot, const char *_Nonnull destination,
                             const char *_Nonnull path, const char *_Nonnull interface,
                             const char *_Nonnull member, bw_bus_answer *_Nonnull answer) {
  answer->api = api;
  answer->state = 0;
  int (*call)(sd_bus *, sd_bus_slot **, const char *, const char *, const char *, const char *,
              sd_bus_message_handler_t, void *, const char *, ...) =
      (int (*)(sd_bus *, sd_bus_slot **, const char *, const char *, const char *, const char *,
               sd_bus_message_handler_t, void *, const char *, ...))api->call_method_async;
  return call(bus, slot, destination, path, "org.freedesktop.DBus.Properties", "Get", bw_bus_answered, answer, "ss",
              interface, member);
}

/// The first argument of `message` read as a boolean (logind's PrepareForSleep): 1 or 0, or a
/// negative errno when it is not one.
static inline int bw_bus_first_boolean(const bw_bus_api *_Nonnull api, sd_bus_message *_Nonnull message) {
  int value = 0;
  int r = api->message_read_basic(message, 'b', &value);
  if (r <= 0) return r < 0 ? r : -22;
  return value ? 1 : 0;
}

/// 1 when `message` is a signal sent to everyone (no destination): the only kind the bus
/// filters by sender for us. A signal sent to us directly could come from any local user.
static inline int bw_bus_is_broadcast_signal(const bw_bus_api *_Nonnull api, sd_bus_message *_Nonnull message) {
  uint8_t type = 0;
  if (api->message_get_type(message, &type) < 0 || type != SD_BUS_MESSAGE_SIGNAL) return 0;
  return api->message_get_destination(message) == NULL;
}

/// sd_bus_call_method's type, for the calls below.
typedef int (*bw_bus_call_method)(sd_bus *, const char *, const char *, const char *, const char *, sd_bus_error *,
                                  sd_bus_message **, const char *, ...);

/// The desktop notification service's name, object and interface (the Desktop Notifications
/// Specification): https://specifications.freedesktop.org/notification-spec/latest/protocol.html
#define BW_NOTIFICATIONS "org.freedesktop.Notifications"
#define BW_NOTIFICATIONS_PATH "/org/freedesktop/Notifications"

/// Copies the D-Bus error's name (empty when there was none) into `error_name` and frees it.
static inline void bw_bus_take_error(const bw_bus_api *_Nonnull api, sd_bus_error *_Nonnull error,
                                     char *_Nonnull error_name, size_t capacity) {
  if (capacity > 0) {
    error_name[0] = 0;
    if (error->name) {
      strncpy(error_name, error->name, capacity - 1);
      error_name[capacity - 1] = 0;
    }
  }
  api->error_free(error);
}

/// `GetCapabilities` of the notification server: its capability names copied into `out`, each
/// ended by a NUL, at most 64 of them and `capacity` bytes in all (the rest is dropped: a
/// server cannot make us hold more than that). Returns how many were copied, or a negative errno
/// with the D-Bus error's name in `error_name`.
static inline int bw_notification_capabilities(const bw_bus_api *_Nonnull api, sd_bus *_Nonnull bus,
                                               char *_Nonnull out, size_t capacity, char *_Nonnull error_name,
                                               size_t error_capacity) {
  sd_bus_error error = SD_BUS_ERROR_NULL;
  sd_bus_message *reply = NULL;
  bw_bus_call_method call = (bw_bus_call_method)api->call_method;
  int r = call(bus, BW_NOTIFICATIONS, BW_NOTIFICATIONS_PATH, BW_NOTIFICATIONS, "GetCapabilities", &error, &reply,
               "");
  bw_bus_take_error(api, &error, error_name, error_capacity);
  if (r < 0) return r;
  int count = 0;
  size_t used = 0;
  r = api->message_enter_container(reply, 'a', "s");
  while (r > 0 && count < 64) {
    const char *name = NULL;
    r = api->message_read_basic(reply, 's', &name);
    if (r <= 0 || !name) break;
    size_t length = strlen(name);
    if (used + length + 1 > capacity) break;
    memcpy(out + used, name, length + 1);
    used += length + 1;
    count += 1;
  }
  api->message_unref(reply);
  return r < 0 ? r : count;
}

/// `Notify(app_name, 0, app_icon, summary, body, [], {}, -1)`: a new notification with no
/// actions and no hints, which the server keeps for its own default time. Returns 0 with its id
/// in `id`, or a negative errno with the D-Bus error's name in `error_name`.
static inline int bw_notify(const bw_bus_api *_Nonnull api, sd_bus *_Nonnull bus, const char *_Nonnull app_name,
                            const char *_Nonnull icon, const char *_Nonnull summary, const char *_Nonnull body,
                            uint32_t *_Nonnull id, char *_Nonnull error_name, size_t error_capacity) {
  sd_bus_error error = SD_BUS_ERROR_NULL;
  sd_bus_message *reply = NULL;
  bw_bus_call_method call = (bw_bus_call_method)api->call_method;
  int r = call(bus, BW_NOTIFICATIONS, BW_NOTIFICATIONS_PATH, BW_NOTIFICATIONS, "Notify", &error, &reply,
               "susssasa{sv}i", app_name, (uint32_t)0, icon, summary, body, (unsigned)0, (unsigned)0, (int32_t)-1);
  bw_bus_take_error(api, &error, error_name, error_capacity);
  if (r < 0) return r;
  r = api->message_read_basic(reply, 'u', id);
  api->message_unref(reply);
  return r < 0 ? r : (r == 0 ? -74 : 0);  // EBADMSG: a reply without the id
}

/// A method call sent with `bw_bus_send_call`: filled in when sd_bus_process reads its reply.
/// As `bw_bus_answer`, it lives until its slot is released.
typedef struct bw_bus_reply {
  const bw_bus_api *_Nullable api;
  /// 0 while waiting, 1 answered, a negative errno when it failed.
  int state;
  /// The reply's first argument when it is a `u` (Notify's id), else 0.
  uint32_t first;
} bw_bus_reply;

static inline int bw_bus_replied(sd_bus_message *_Nonnull message, void *_Nullable userdata,
                                 sd_bus_error *_Nullable error) {
  (void)error;
  bw_bus_reply *reply = (bw_bus_reply *)userdata;
  if (!reply || !reply->api) return 1;
  reply->state = bw_bus_error_state(reply->api, message);
  if (reply->state < 0) return 1;
  char type = 0;
  if (reply->api->message_peek_type(message, &type, NULL) > 0 && type == 'u') {
    reply->api->message_read_basic(message, 'u', &reply->first);
  }
  reply->state = 1;
  return 1;
}

/// Sends the method call `message` and returns at once; `reply` is filled in when
/// sd_bus_process reads the answer, or fails after `usec` (0: the connection's timeout).
static inline int bw_bus_send_call(const bw_bus_api *_Nonnull api, sd_bus *_Nonnull bus,
                                   sd_bus_slot *_Nullable *_Nonnull slot, sd_bus_message *_Nonnull message,
                                   bw_bus_reply *_Nonnull reply, uint64_t usec) {
  reply->api = api;
  reply->state = 0;
  reply->first = 0;
  return api->call_async(bus, slot, message, bw_bus_replied, reply, usec);
}

/// Asks for the well-known `name` without waiting; a name someone else holds is queued for
/// (DBUS_NAME_FLAG_ALLOW_REPLACEMENT is not set: we never take a name from its owner).
static inline int bw_bus_request_name(const bw_bus_api *_Nonnull api, sd_bus *_Nonnull bus,
                                      const char *_Nonnull name) {
  return api->request_name_async(bus, NULL, name, 0, NULL, NULL);
}

/// An error reply to `call` named `name` with `text`.
static inline int bw_bus_new_error(const bw_bus_api *_Nonnull api, sd_bus_message *_Nonnull call,
                                   sd_bus_message *_Nullable *_Nonnull message, const char *_Nonnull name,
                                   const char *_Nonnull text) {
  sd_bus_error error = {name, text, 0};
  return api->message_new_method_error(call, message, &error);
}

#endif
