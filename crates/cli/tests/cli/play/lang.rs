//! `wari play` in Spanish: `--lang es`, or the terminal's `LANG`, played
//! through a real process. The expected lines are written by hand from
//! the positions (what each move sows and captures) and the Spanish of
//! the rule texts, not taken from the program.

use super::Play;
use crate::support::wari_with;

/// Runs `wari ARGS` with only the locale variables `locale` set.
fn wari_in(args: &[&str], locale: &[(&str, &str)]) -> crate::support::Run {
    wari_with(args, |command| {
        command.envs(locale.iter().copied());
    })
}

#[test]
fn a_game_in_spanish_says_each_move_and_the_end_in_spanish() {
    // South's F (2 seeds) sows a (2 → 3) and b (1 → 2): b and a are
    // captured, 5 seeds, 20 + 5 = 25 of 48: South wins by majority. The
    // chain is listed from its first pit on (Sowing::captures), a b.
    let start = "0,0,0,0,0,2/2,1,4,0,0,0 S 20-19";
    let mut play = Play::spawn(&["--lang", "es", "--mode", "two-players", "--from", start]);
    assert_eq!(
        play.line().unwrap(),
        "wari play: abapa; Sur: persona; Norte: persona"
    );
    assert_eq!(play.line().unwrap(), "         f   e   d   c   b   a");
    assert_eq!(
        play.line().unwrap(),
        "Norte    0   0   0   4   1   2   capturas 19"
    );
    assert_eq!(
        play.line().unwrap(),
        "Sur      0   0   0   0   0   2   capturas 20"
    );
    assert_eq!(play.line().unwrap(), "         A   B   C   D   E   F");
    assert_eq!(play.line().unwrap(), "Turno del Sur");
    assert_eq!(play.line().unwrap(), "jugadas legales: F");
    play.send("F");
    assert_eq!(
        play.until("última jugada"),
        "última jugada: F del Sur, captura 5 semillas (a b)"
    );
    assert_eq!(
        play.line().unwrap(),
        "fin de la partida: gana el Sur por mayoría, 25-19"
    );
    // The line for programs is the same in every language.
    assert_eq!(play.line().unwrap(), "result S majority 25-19");
    let (status, _) = play.finish();
    assert_eq!(status, Some(0));
}

#[test]
fn illegal_moves_and_unknown_words_are_refused_in_spanish() {
    let mut play = Play::spawn(&[
        "--lang",
        "es",
        "--mode",
        "two-players",
        "--from",
        "4,4,0,4,4,4/4,4,4,4,4,8 S 0-0",
    ]);
    play.until("jugadas legales: A B D E F");
    play.send("a");
    assert_eq!(
        play.line().unwrap(),
        "error: el hoyo a es del Norte y es el turno del Sur"
    );
    play.until("jugadas legales: ");
    play.send("C");
    assert_eq!(play.line().unwrap(), "error: el hoyo C está vacío");
    play.until("jugadas legales: ");
    play.send("castle");
    assert_eq!(
        play.line().unwrap(),
        "error: \"castle\" no es una jugada ni una orden: «ayuda» las muestra"
    );
    play.until("jugadas legales: ");
    play.send("rehacer");
    assert_eq!(
        play.line().unwrap(),
        "error: no hay ninguna jugada que rehacer"
    );
    play.until("jugadas legales: ");
    // B (4 seeds) sows C, D, E, F: nothing reaches North, nothing taken.
    play.send("B");
    assert_eq!(play.until("última jugada"), "última jugada: B del Sur");
    play.until("Turno del Norte");
    play.until("jugadas legales: ");
    // The English command works too.
    play.send("undo");
    assert_eq!(play.line().unwrap(), "se deshace B");
    play.send("salir");
    let (status, transcript) = play.finish();
    assert_eq!(status, Some(0));
    assert!(!transcript.iter().any(|l| l.starts_with("result")));
}

#[test]
fn a_player_who_must_feed_is_told_in_the_rules_words() {
    let mut play = Play::spawn(&[
        "--lang",
        "es",
        "--mode",
        "two-players",
        "--from",
        "3,1,0,0,2,1/0,0,0,0,0,0 S 20-21",
    ]);
    play.until("jugadas legales: E F");
    play.send("A");
    assert_eq!(
        play.line().unwrap(),
        "error: A no llega a la fila vacía del Norte: el Sur debe alimentar al rival"
    );
    play.send("salir");
    play.finish();
}

#[test]
fn an_offer_by_the_cycle_rule_is_asked_and_answered_in_spanish() {
    let mut play = Play::spawn(&[
        "--lang",
        "es",
        "--mode",
        "two-players",
        "--from",
        "0,0,0,1,0,0/0,1,0,0,0,0 S 23-23",
    ]);
    play.until("jugadas legales: ");
    play.send("ciclo");
    assert_eq!(
        play.line().unwrap(),
        "Norte: el Sur propone terminar la partida por la regla del ciclo; ¿aceptas? (sí/no)"
    );
    play.send("sí");
    assert_eq!(play.line().unwrap(), "el Norte acepta");
    // Each takes the seed on their own row: 24-24.
    assert_eq!(
        play.until("fin de la partida"),
        "fin de la partida: empate por acuerdo, 24-24"
    );
    assert_eq!(play.line().unwrap(), "result draw agreement 24-24");
}

#[test]
fn kalah_tells_one_seed_into_the_store_in_the_singular() {
    // C (4 seeds) sows D, E, F and South's store: one seed, and the last
    // in the store gives South another move.
    let mut play = Play::spawn(&["--lang", "es", "--rules", "kalah", "--mode", "two-players"]);
    play.until("jugadas legales: ");
    play.send("C");
    assert_eq!(
        play.until("última jugada"),
        "última jugada: C del Sur, 1 semilla al almacén"
    );
    assert_eq!(play.line().unwrap(), "Turno del Sur");
    play.send("salir");
    play.finish();
}

#[test]
fn against_the_computer_it_names_the_players_and_its_moves_in_spanish() {
    let mut play = Play::spawn(&["--lang", "es", "--level", "1", "--movetime", "20"]);
    assert_eq!(
        play.line().unwrap(),
        "wari play: abapa; Sur: tú; Norte: ordenador (nivel 1)"
    );
    play.until("jugadas legales: A B C D E F");
    play.send("C");
    let reply = play.until("el ordenador juega ");
    let m = reply.strip_prefix("el ordenador juega ").unwrap();
    assert!(["a", "b", "c", "d", "e", "f"].contains(&m), "{reply}");
    play.send("salir");
    assert_eq!(play.finish().0, Some(0));
}

#[test]
fn the_terminals_lang_chooses_spanish_and_lang_en_overrides_it() {
    let first_line = |args: &[&str], locale: &[(&str, &str)]| {
        let mut play = Play::spawn_in(args, locale);
        let line = play.line().unwrap();
        play.send("quit");
        play.finish();
        line
    };
    let two = ["--mode", "two-players"];
    let spanish = "wari play: abapa; Sur: persona; Norte: persona";
    let english = "wari play: abapa; South: human; North: human";
    assert_eq!(first_line(&two, &[("LANG", "es_ES.UTF-8")]), spanish);
    assert_eq!(first_line(&two, &[("LC_MESSAGES", "es_MX")]), spanish);
    assert_eq!(first_line(&two, &[]), english);
    // LC_ALL decides before LANG, even as C; --lang before both.
    assert_eq!(
        first_line(&two, &[("LC_ALL", "C"), ("LANG", "es_ES.UTF-8")]),
        english
    );
    let en = ["--mode", "two-players", "--lang", "en"];
    assert_eq!(first_line(&en, &[("LANG", "es_ES.UTF-8")]), english);
}

#[test]
fn an_unknown_language_is_a_one_line_error() {
    let run = wari_in(&["play", "--plain", "--lang", "xx"], &[]);
    let message = run.input_error();
    assert!(message.contains("unknown language \"xx\""), "{message}");
    assert!(message.contains("en, es"), "{message}");
}

#[test]
fn a_malformed_position_is_told_in_spanish() {
    let run = wari_in(
        &["play", "--plain", "--from", "4,4,4/4,4 S 0-0"],
        &[("LANG", "es_ES.UTF-8")],
    );
    assert_eq!(
        run.input_error(),
        "posición incorrecta \"4,4,4/4,4 S 0-0\": la fila del Sur tiene 3 hoyos pero la del Norte tiene 2"
    );
}

#[test]
fn bad_rules_and_a_file_that_is_not_there_are_told_in_spanish() {
    let run = wari_in(
        &["play", "--plain", "--rules", "abapa,pits=9"],
        &[("LANG", "es_ES.UTF-8")],
    );
    assert_eq!(
        run.input_error(),
        "reglas incorrectas \"abapa,pits=9\": valor \"9\" incorrecto para la opción de reglas pits: se esperaba de 1 a 6"
    );
    let run = wari_in(
        &[
            "play",
            "--plain",
            "--lang",
            "es",
            "--load",
            "/nonexistent/wari/partida.ogn",
        ],
        &[],
    );
    assert_eq!(
        run.input_error(),
        "no se puede leer /nonexistent/wari/partida.ogn: no existe ese archivo ni esa carpeta"
    );
}

#[test]
fn the_command_line_is_told_in_spanish_help_and_mistakes_alike() {
    let help = wari_in(&["play", "--help"], &[("LANG", "es_ES.UTF-8")]);
    let text = help.ok();
    for line in [
        "Uso: wari play [OPCIONES]",
        "Opciones:",
        "      --tc <MINUTOS+SEGUNDOS>",
        "      --load <ARCHIVO>",
        "  -h, --help",
        "Muestra esta ayuda",
    ] {
        assert!(text.contains(line), "{line:?} not in:\n{text}");
    }
    for english in [
        "Usage",
        "Options",
        "Possible values",
        "[default:",
        "Print help",
    ] {
        assert!(!text.contains(english), "{english:?} in:\n{text}");
    }
    // Each mistake: one line, exit status 2, in Spanish.
    for (args, line) in [
        (
            &["--speed", "11"][..],
            "--speed \"11\": debe estar entre 0 y 10",
        ),
        (
            &["--side", "x"][..],
            "--side \"x\": \"x\" no es un lado: S, N o random",
        ),
        (
            &["--level", "0"][..],
            "--level \"0\": \"0\" no es un nivel: los niveles van del 1 al 10",
        ),
        (
            &["--tc", "0+0"][..],
            "--tc \"0+0\": un control de tiempo da algo de tiempo a cada jugador: los minutos no pueden ser 0",
        ),
        (&["--tc"][..], "--tc necesita un valor"),
        (
            &["--bogus"][..],
            "argumento inesperado '--bogus'; consulta wari play --help",
        ),
    ] {
        let mut argv = vec!["play", "--plain", "--lang", "es"];
        argv.extend_from_slice(args);
        assert_eq!(wari_in(&argv, &[]).input_error(), line, "{args:?}");
    }
    // In English, clap's words as every command says them.
    let run = wari_in(&["play", "--plain", "--speed", "11"], &[("LANG", "C")]);
    assert_eq!(run.input_error(), "--speed \"11\": must be from 0 to 10");
}
