import { Icon } from './Icon.tsx';

/** A borderless button showing one shell icon, as Shoelace's icon button, labelled for screen readers. */
export function IconButton({
  name,
  label,
  className,
  onClick,
}: {
  name: string;
  label: string;
  className?: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={className ? `icon-button ${className}` : 'icon-button'}
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      <Icon name={name} />
    </button>
  );
}
