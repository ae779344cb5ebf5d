// Holds shim.h to libvips's real header: every member of bw_vips_api is assigned the function it
// is resolved to, and every copied constant is compared, so a wrong parameter type or value is a
// compile error. Not part of the build (shim.h needs no libvips header); the CVipsShimTests
// suite compiles it with `clang -fsyntax-only -Werror $(pkg-config --cflags vips)`.
#include <vips/vips.h>

#include "../shim.h"

_Static_assert(BW_VIPS_ACCESS_SEQUENTIAL == VIPS_ACCESS_SEQUENTIAL, "VipsAccess");
_Static_assert(BW_VIPS_FAIL_ON_TRUNCATED == VIPS_FAIL_ON_TRUNCATED, "VipsFailOn");
_Static_assert(BW_VIPS_INTERESTING_NONE == VIPS_INTERESTING_NONE, "VipsInteresting");
_Static_assert(BW_VIPS_INTERESTING_ATTENTION == VIPS_INTERESTING_ATTENTION, "VipsInteresting");
_Static_assert(BW_VIPS_KERNEL_LINEAR == VIPS_KERNEL_LINEAR, "VipsKernel");
_Static_assert(BW_VIPS_EXTEND_BLACK == VIPS_EXTEND_BLACK, "VipsExtend");
_Static_assert(BW_VIPS_EXTEND_BACKGROUND == VIPS_EXTEND_BACKGROUND, "VipsExtend");
_Static_assert(BW_VIPS_BLEND_MODE_OVER == VIPS_BLEND_MODE_OVER, "VipsBlendMode");
_Static_assert(BW_VIPS_FORMAT_UCHAR == VIPS_FORMAT_UCHAR, "VipsBandFormat");
_Static_assert(BW_VIPS_FORMAT_USHORT == VIPS_FORMAT_USHORT, "VipsBandFormat");
_Static_assert(BW_VIPS_INTERPRETATION_B_W == VIPS_INTERPRETATION_B_W, "VipsInterpretation");
_Static_assert(BW_VIPS_INTERPRETATION_SRGB == VIPS_INTERPRETATION_sRGB, "VipsInterpretation");
_Static_assert(BW_VIPS_FOREIGN_SUBSAMPLE_ON == VIPS_FOREIGN_SUBSAMPLE_ON, "VipsForeignSubsample");
_Static_assert(BW_VIPS_TEXT_WRAP_WORD_CHAR == VIPS_TEXT_WRAP_WORD_CHAR, "VipsTextWrap");
_Static_assert(BW_G_LOG_LEVEL_WARNING == G_LOG_LEVEL_WARNING, "GLogLevelFlags");

void bw_vips_check_prototypes(bw_vips_api *api);

void bw_vips_check_prototypes(bw_vips_api *api) {
  api->start = vips_init;
  api->version = vips_version;
  api->error_buffer_copy = vips_error_buffer_copy;
  api->cache_set_max = vips_cache_set_max;
  api->concurrency_set = vips_concurrency_set;
  api->block_untrusted_set = vips_block_untrusted_set;
  api->operation_block_set = vips_operation_block_set;
  api->image_get_width = vips_image_get_width;
  api->image_get_height = vips_image_get_height;
  api->image_get_bands = vips_image_get_bands;
  api->image_get_format = vips_image_get_format;
  api->image_hasalpha = vips_image_hasalpha;
  api->image_copy_memory = vips_image_copy_memory;
  api->array_double_new = vips_array_double_new;
  api->area_unref = vips_area_unref;
  api->jpegload = vips_jpegload;
  api->pngload = vips_pngload;
  api->thumbnail = vips_thumbnail;
  api->thumbnail_image = vips_thumbnail_image;
  api->linear1 = vips_linear1;
  api->gaussblur = vips_gaussblur;
  api->resize = vips_resize;
  api->zoom = vips_zoom;
  api->embed = vips_embed;
  api->extract_area = vips_extract_area;
  api->extract_band = vips_extract_band;
  api->insert = vips_insert;
  api->cast = vips_cast;
  api->flatten = vips_flatten;
  api->copy = vips_copy;
  api->identity = vips_identity;
  api->maplut = vips_maplut;
  api->reduce = vips_reduce;
  api->composite2 = vips_composite2;
  api->text = vips_text;
  api->avg = vips_avg;
  api->deviate = vips_deviate;
  api->jpegsave_buffer = vips_jpegsave_buffer;
  api->object_unref = g_object_unref;
  api->free = g_free;
  api->log_set_handler = g_log_set_handler;
}
