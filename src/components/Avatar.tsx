import { appConfig } from '../config';

/** Default profile image (our own drawing), used when a user has no image_id. */
export const DEFAULT_AVATAR =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#2f4553"/><circle cx="20" cy="15" r="7" fill="#8fa3b4"/><path d="M6 38c2-9 8-13 14-13s12 4 14 13z" fill="#8fa3b4"/></svg>',
  );

/** Spec section 3: images come from the image base path plus image/{image_id}. */
export function imageUrl(imageId: string | null | undefined): string {
  return imageId
    ? `${appConfig.appUrlApi}/api/image/${encodeURIComponent(imageId)}`
    : DEFAULT_AVATAR;
}

export const AVATAR_SIZES = { profile: 150, navbar: 35, creator: 64, default: 48 } as const;

export function Avatar({
  imageId,
  size = 'default',
  alt,
}: {
  imageId: string | null | undefined;
  size?: keyof typeof AVATAR_SIZES;
  alt: string;
}) {
  const px = AVATAR_SIZES[size];
  return (
    <img
      className={`avatar avatar--${size}`}
      src={imageUrl(imageId)}
      width={px}
      height={px}
      alt={alt}
      onError={(e) => {
        if (e.currentTarget.src !== DEFAULT_AVATAR) e.currentTarget.src = DEFAULT_AVATAR;
      }}
    />
  );
}
