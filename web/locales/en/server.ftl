# Messages the server sends to people: API and WebSocket errors,
# notifications. Keys: err-… for errors (the API's `code` is the key
# without err-). See docs/TRANSLATING.md.

err-unknown-language = unknown language "{ $language }" (available: { $available })
