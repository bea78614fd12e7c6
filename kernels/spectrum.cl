/* clfftspectrum's work around the batched real FFT (clfft-spectrum.c):
 *   apply_window: each frame of n samples times the window table, the
 *                 plan's rows past the frames zeroed;
 *   band_sums:    per group of consecutive steps, channel and bin, the sum
 *                 of 10 log10 (|X|^2 / n^2) clamped below at the threshold
 *                 (as GStreamer's spectrum: log10 (0) = -inf clamps too),
 *                 or of the power |X|^2 / n^2 itself, and the sum of
 *                 atan2 (im, re); added to the sums, so that a group split
 *                 over chunks adds up.
 * Build options: none. */

/* Frames n_frames .. n_rows - 1, which the plan's batch transforms as
 * well, are zeroed: the transform takes real frames in pairs, and a pair's
 * unwritten partner (whatever the memory held, up to inf or NaN) would
 * leak into the other's spectrum through rounding. */
__kernel void apply_window (__global float * frames,
    __global const float * window, uint n, uint n_frames, uint n_rows)
{
  const uint i = get_global_id (0), frame = get_global_id (1);
  const size_t at = (size_t) frame * n + i;

  if (i < n && frame < n_rows)
    frames[at] = frame < n_frames ? frames[at] * window[i] : 0.0f;
}

/* bins: the chunk's spectra, step by step, channel by channel, n_bins
 * each; the chunk holds steps chunk_first .. chunk_end - 1. want: bit 0
 * magnitudes in decibels, bit 1 phases, bit 2 magnitudes as power. db_n2
 * is 20 log10 (n). */
__kernel void band_sums (__global const float2 * bins, uint n_bins,
    uint channels, uint chunk_first, uint chunk_end,
    __global const uint * group_start, float threshold, float db_n2,
    uint want, __global float * magnitude_sums, __global float * phase_sums)
{
  const uint k = get_global_id (0), c = get_global_id (1);
  const uint g = get_global_id (2);
  const uint first = max (group_start[g], chunk_first);
  const uint end = min (group_start[g + 1], chunk_end);
  /* 1 / n^2 */
  const float inv_n2 = exp10 (-0.1f * db_n2);
  float magnitude = 0.0f, phase = 0.0f;
  size_t out;

  if (k >= n_bins || first >= end)
    return;
  for (uint s = first; s < end; s++) {
    float2 x = bins[((size_t) (s - chunk_first) * channels + c) * n_bins + k];

    if (want & 1) {
      float db = 10.0f * log10 (x.x * x.x + x.y * x.y) - db_n2;

      magnitude += db < threshold ? threshold : db;
    }
    if (want & 4)
      magnitude += (x.x * x.x + x.y * x.y) * inv_n2;
    if (want & 2)
      phase += atan2 (x.y, x.x);
  }
  out = ((size_t) g * channels + c) * n_bins + k;
  if (want & 5)
    magnitude_sums[out] += magnitude;
  if (want & 2)
    phase_sums[out] += phase;
}
