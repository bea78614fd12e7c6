#ifndef __GST_CLFFT_ELEMENTS_H__
#define __GST_CLFFT_ELEMENTS_H__

#include <gst/gst.h>

G_BEGIN_DECLS

GST_DEBUG_CATEGORY_EXTERN (gst_clfft_debug);

GST_ELEMENT_REGISTER_DECLARE (clfft2dfilter);
GST_ELEMENT_REGISTER_DECLARE (clfftspectrum);
GST_ELEMENT_REGISTER_DECLARE (clfftspectrogram);

G_END_DECLS

#endif /* __GST_CLFFT_ELEMENTS_H__ */
