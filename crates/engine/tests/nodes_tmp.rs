use wari_engine::{Engine, Limits};
use wari_rules::{Game, Position, Rules};
#[test]
fn nodes_to_depth() {
    for (rules, pos, depth) in [
        ("abapa", "4,4,4,4,4,4/4,4,4,4,4,4 S 0-0", 14),
        ("abapa", "2,4,2,2,1,0/0,0,0,1,1,1 N 15-19", 20),
        ("wari", "0,1,0,0,1,0/1,1,1,0,2,0 S 17-24", 24),
        ("abapa", "1,0,3,0,2,0/0,1,0,2,0,1 S 20-18", 22),
    ] {
        let rules: Rules = rules.parse().unwrap();
        let game = Game::from_position(Position::from_string(pos, rules).unwrap());
        let mut e = Engine::new();
        e.set_hash_mb(64);
        let r = e.think(&game, &Limits::depth(depth));
        println!("NODES {rules} {pos} depth {depth}: {} nodes, score {}", r.nodes, r.score);
    }
}
