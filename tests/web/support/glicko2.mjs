// Glicko-2 by the steps of Glickman's "Example of the Glicko-2 system"
// (τ = 0.5, ε = 0.000001), written from the paper for the browser tests,
// apart from the server's code; it reproduces the paper's example.

const SCALE = 173.7178;
const TAU = 0.5;
const EPSILON = 0.000001;

/**
 * A player's [rating, deviation, volatility] after one rating period
 * against `games`: [[opponent rating, opponent deviation, score], …].
 */
export function period(r, rd, sigma, games) {
  const mu = (r - 1500) / SCALE;
  const phi = rd / SCALE;
  const g = (p) => 1 / Math.sqrt(1 + (3 * p * p) / (Math.PI * Math.PI));
  const e = (muJ, phiJ) => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));
  let vInv = 0;
  let sum = 0;
  for (const [rJ, rdJ, s] of games) {
    const [muJ, phiJ] = [(rJ - 1500) / SCALE, rdJ / SCALE];
    const eJ = e(muJ, phiJ);
    vInv += g(phiJ) ** 2 * eJ * (1 - eJ);
    sum += g(phiJ) * (s - eJ);
  }
  const v = 1 / vInv;
  const delta = v * sum;
  const a = Math.log(sigma * sigma);
  const f = (x) => {
    const ex = Math.exp(x);
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (TAU * TAU);
  };
  let A = a;
  let B;
  if (delta * delta > phi * phi + v) {
    B = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * TAU) < 0) k += 1;
    B = a - k * TAU;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > EPSILON) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  const sigmaNew = Math.exp(A / 2);
  const phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  return [SCALE * muNew + 1500, SCALE * phiNew, sigmaNew];
}
