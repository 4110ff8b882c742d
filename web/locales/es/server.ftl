# Lo que el servidor dice a las personas: errores de la API y del
# WebSocket, notificaciones. Véase docs/TRANSLATING.md.

err-unknown-language = idioma desconocido «{ $language }» (disponibles: { $available })
