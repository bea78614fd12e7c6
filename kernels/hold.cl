/* hold: one work-item that keeps the device busy for a chain of
 * `iterations` dependent multiply-adds, so that the host can queue a batch
 * behind it and the batch then runs without waiting on the host's
 * enqueueing (engine/clfft-hold.h). sink is written only when the chain
 * goes negative, which it never does from a positive start: the store
 * keeps the compiler from dropping the loop.
 * Build options: none. */
__kernel void
hold (__global float * sink, uint iterations)
{
  float x = (float) get_global_id (0) + 1.0f;

  for (uint i = 0; i < iterations; i++)
    x = mad (x, 0.999999f, 1e-6f);
  if (x < 0.0f)
    sink[0] = x;
}
