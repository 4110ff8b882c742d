use wari_rules::{Position, Rules, perft};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rules: Rules = args.get(2).map(|s| s.parse().unwrap()).unwrap_or_default();
    let depth: u32 = args[1].parse().unwrap();
    let p = Position::new(rules);
    for d in 1..=depth {
        let t = std::time::Instant::now();
        let n = perft(&p, d);
        let s = t.elapsed().as_secs_f64();
        println!("{d} {n} {:.3}s {:.1} M/s", s, n as f64 / s / 1e6);
    }
}
