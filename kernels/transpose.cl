/* Out-of-place transpose of a complex matrix through a tile in local memory,
 * so that both the reads and the writes of global memory are coalesced. The
 * tile row is padded by one element to spread a column across the banks.
 *
 * Build options:
 *   TILE        tile edge (work-group is TILE x TILE_ROWS)
 *   TILE_ROWS   rows of the tile that one work-item row walks through
 */

#ifndef TILE
#define TILE 32
#endif
#ifndef TILE_ROWS
#define TILE_ROWS 8
#endif

/* src has height rows of width elements; dst gets width rows of height. */
__kernel __attribute__((reqd_work_group_size (TILE, TILE_ROWS, 1)))
void transpose (__global const float2 * src, __global float2 * dst,
    uint width, uint height)
{
  __local float2 tile[TILE][TILE + 1];
  const uint lx = get_local_id (0), ly = get_local_id (1);
  const uint bx = get_group_id (0) * TILE, by = get_group_id (1) * TILE;

  for (uint i = 0; i < TILE; i += TILE_ROWS) {
    const uint x = bx + lx, y = by + ly + i;
    if (x < width && y < height)
      tile[ly + i][lx] = src[y * width + x];
  }
  barrier (CLK_LOCAL_MEM_FENCE);
  for (uint i = 0; i < TILE; i += TILE_ROWS) {
    const uint x = by + lx, y = bx + ly + i;
    if (x < height && y < width)
      dst[y * height + x] = tile[lx][ly + i];
  }
}
