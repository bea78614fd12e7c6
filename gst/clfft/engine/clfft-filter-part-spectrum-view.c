/* The spectrum view (CLFFT_FILTER_PATH_SPECTRUM_VIEW, mode=spectrum): rows
 * forward and the columns forward in place (no gain) give the frame's
 * bins; kernels/spectrum_view.cl draws log (1 + |F x G|) centred on DC,
 * the other half of F by symmetry and G as given, which normalize.cl
 * stretches from 0 to the frame's maximum. Made at the first frame that
 * asks for it, for a filter without padding. */
#include "clfft-filter-part.h"
#include "clfft-kernel-args.h"
#include "clfft-stretch.h"

typedef struct
{
  ClfftFilterPart base;
  ClfftTransform columns;
  cl_kernel log_magnitude;
  ClfftStretch stretch;
  cl_mem view;                  /* width x height floats */
} SpectrumViewPart;

static gboolean
view_plan (ClfftFilterPart * part, GError ** error)
{
  SpectrumViewPart *v = (SpectrumViewPart *) part;
  const ClfftFilterShape *s = part->shape;
  const ClfftTransformSpec columns = { s->height, -1, CLFFT_LOAD_COMPLEX,
    CLFFT_STORE_COMPLEX, CLFFT_ROW_LOAD_ACROSS_ROWS |
        CLFFT_ROW_STORE_ACROSS_ROWS, s->bins
  };

  return (v->view = clfft_buffer_new (s->engine, CL_MEM_READ_WRITE,
          (gsize) s->width * s->height * sizeof (cl_float), NULL, error))
      && clfft_transform_init (&v->columns, s->engine, &columns, error)
      && clfft_filter_part_scratch_covers (part, &v->columns, error)
      && (v->log_magnitude = clfft_kernel_new (s->engine, "spectrum_view.cl",
          "", "log_magnitude", error))
      && clfft_stretch_init (&v->stretch, s->engine, s->pixel_size, TRUE,
      error);
}

static guint
view_transforms (ClfftFilterPart * part,
    ClfftTransform * out[CLFFT_FILTER_PART_MAX_TRANSFORMS])
{
  out[0] = part->rows_forward;
  out[1] = &((SpectrumViewPart *) part)->columns;
  return 2;
}

static gboolean
view_enqueue (ClfftFilterPart * part, const ClfftFilterFrame * frame,
    GError ** error)
{
  SpectrumViewPart *v = (SpectrumViewPart *) part;
  const ClfftFilterShape *s = part->shape;
  const guint w = s->width, h = s->height;
  /* the spectrum's rows bins apart */
  const ClfftRowLayout pixels = { 1, w }, bins = { 1, s->bins };
  const ClfftRowLayout columns = { s->bins, 1 };
  const gsize local[2] = { 16, 16 };
  const gsize global[2] = { (w + 15) / 16 * 16, (h + 15) / 16 * 16 };
  const ClfftArgsLogMagnitude args = {
    .spectrum = frame->spectrum,
    .bins = s->bins,
    .gain = frame->gains.as_given,
    .width = w,
    .height = h,
    .view = v->view,
  };

  return clfft_transform_enqueue (part->rows_forward, s->scratch,
      frame->pixels_in, pixels, frame->spectrum, bins, h, NULL, 0, 1.0f,
      NULL, error)
      && clfft_transform_enqueue (&v->columns, s->scratch, frame->spectrum,
      columns, frame->spectrum, columns, s->bins, NULL, 0, 1.0f, NULL, error)
      && clfft_kernel_args_log_magnitude (v->log_magnitude, &args, error)
      && clfft_kernel_enqueue (s->engine, v->log_magnitude, 2, global, local,
      NULL, "log_magnitude", error)
      && clfft_stretch_enqueue (&v->stretch, v->view, w, h, w, 0.0f,
      frame->pixels_out, error);
}

static void
view_clear (ClfftFilterPart * part)
{
  SpectrumViewPart *v = (SpectrumViewPart *) part;

  clfft_transform_clear (&v->columns);
  clfft_kernel_release (&v->log_magnitude);
  clfft_stretch_clear (&v->stretch);
  clfft_buffer_release (&v->view);
}

const ClfftFilterPathOps clfft_filter_part_spectrum_view = {
  .path = CLFFT_FILTER_PATH_SPECTRUM_VIEW,
  .size = sizeof (SpectrumViewPart),
  .plan = view_plan,
  /* built at its first frame, which waits for them */
  .transforms = view_transforms,
  .enqueue = view_enqueue,
  .clear = view_clear,
};
