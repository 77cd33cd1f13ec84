/**
 * Complementary error function erfc(x) = 1 − erf(x), by the Chebyshev-fitted approximation `erfcc` of
 * Numerical Recipes (Press et al., Numerical Recipes in C, 2nd ed., §6.2): fractional error below
 * 1.2·10⁻⁷ everywhere. erfc(−x) = 2 − erfc(x). Dimensionless. Used by Chauvenet's criterion (ISO 19030-2).
 */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const poly =
    -1.26551223 +
    t *
      (1.00002368 +
        t *
          (0.37409196 +
            t *
              (0.09678418 +
                t *
                  (-0.18628806 +
                    t *
                      (0.27886807 +
                        t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  const ans = t * Math.exp(-z * z + poly);
  return x >= 0 ? ans : 2 - ans;
}
