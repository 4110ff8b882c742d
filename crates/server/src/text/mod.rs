//! A text for people, by catalogue key: what the server says (errors,
//! WebSocket messages, notifications) is a key of `web/locales/*/server.ftl`
//! (the rules' refusals: `rules.ftl`) and its arguments, written in the
//! reader's language only when it is sent ([`wari_i18n::Text`]).

pub use wari_i18n::Text;
pub(crate) use wari_i18n::text;
