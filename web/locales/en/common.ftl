# The app shell: the page's head, the header, the navigation, the
# language switch. Owned by web/js (index.html, header.js, app.js, ...).

site-description =
    .content = Play Oware and Kalah against the computer or other people.
skip-to-content = Skip to the content
nav-pages =
    .aria-label = Pages
nav-play = Play
nav-tournaments = Tournaments
nav-leaderboard = Leaderboard
nav-archive = Archive
nav-analysis = Analysis
nav-puzzles = Puzzles
nav-learn = Learn
language-label = Language

## Counts and times (dom.js)
seeds-count = { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}
moves-count = { $count ->
    [one] { $count } move
   *[other] { $count } moves
}
clock-none = no clock
clock-days-a-move = { $days ->
    [one] { $days } day a move
   *[other] { $days } days a move
}
clock-days-hours = { $days } d { $hours } h

## Words used on many pages
accept = Accept
decline = Decline
back-to-lobby = Back to the lobby
back-to-tournament = Back to the tournament
bot-badge = BOT
bot-title = A bot: an engine plays this account
cancel = Cancel

## The header (header.js, app.js)
nav-my-games = My games
me-your-page = Your page: { $name }
me-settings = Settings
me-guest = Guest: { $name }
sign-in = Sign in
sign-up = Sign up
my-games-turns = { $count } waiting for your move
my-games-challenges = { $count ->
    [one] { $count } challenge
   *[other] { $count } challenges
}
my-games-waiting = My games: { $waiting }
sound-on = ♪ Sound: on
sound-off = ♪ Sound: off
invite-joining = Joining the table…
invite-unusable = This invitation cannot be used: { $error }.
no-such-page = There is no page at { $path }.
error-unreachable = the server cannot be reached

## The name dialog (session.js)
guest-welcome = Welcome to wari
guest-choose-name = Choose the name other players will see, and play as a guest.
guest-your-name = Your name
guest-play = Play as a guest
guest-need-account = Rated games and your games on any device need an account:
guest-sign-in = sign in
guest-or = or
guest-sign-up = sign up

## Challenges (header.js, challenge.js)
challenge-cannot-accept = The challenge cannot be accepted: { $error }.
challenge-you-declined = You declined the challenge.
challenge-from = { $name } challenges you.
challenge-from-someone = Someone challenges you.
challenge-the-player = The player
challenge-declined = { $name } declined your challenge.
challenge-declined-because = { $name } declined your challenge ({ $reason }).
challenge-withdrawn-by = { $name } withdrew the challenge.
challenge-withdrawn = The player withdrew the challenge.
challenge-title = Challenge { $name }
challenge-rules = Rules
challenge-time = Time
challenge-your-side = Your side
challenge-side-random = Random side
challenge-side-south = South (moves first)
challenge-rated = Rated
challenge-send = Send the challenge
challenge-sent = Challenge sent to { $name }: it waits in My games until they answer.
challenge-cannot-send = The challenge cannot be sent: { $error }.
loading = Loading…

## Accounts (account.js)
account-name = Name
account-name-hint = 2 to 20 letters, digits, _ or -. Others see it; it cannot be changed.
account-password = Password
account-password-hint = At least 8 characters.
account-password-again = Password again
account-passwords-differ = the two passwords differ
account-make = Make an account
account-why = With an account you play rated games, keep your games on every device, and have a page of your own. Your games as a guest in this browser become your account's.
account-have-one = Have an account?
account-none-yet = No account yet?
account-not-signed-in = You are not signed in.
account-change-password = Change the password
account-current-password = Current password
account-new-password = New password
account-new-password-hint = At least 8 characters. Your other devices will be signed out.
account-password-changed = Your password is changed; your other devices are signed out.
account-delete = Delete the account
account-delete-hint = Your games in progress are resigned; your finished games stay, under the name "Deleted player". This cannot be undone.
account-delete-mine = Delete my account
account-signed-in-as = Signed in as
account-sign-out = Sign out
account-sign-out-hint = Signs out this browser only.
rated = rated
casual = casual
page-cannot-load = This page cannot be loaded: { $error }.
