import type { AdjectiveKey, Language, MaterialKey, Noun } from './vocabulary.js';

/** Which option sets a product of the category may vary by. */
export type OptionKind = 'apparel' | 'bedding' | 'colour';

export interface CategorySpec {
  slug: string;
  name: Record<Language, string>;
  parentSlug?: string;
  /** Empty for a parent that only groups its children; products go to categories with nouns. */
  nouns: Noun[];
  adjectives: AdjectiveKey[];
  materials: MaterialKey[];
  /** Whole dollars; prices fall between them. */
  priceRange: [min: number, max: number];
  optionKind: OptionKind;
}

const wearable: AdjectiveKey[] = ['classic', 'vintage', 'minimal', 'essential', 'relaxed', 'urban', 'coastal', 'soft', 'lightweight', 'timeless'];
const homeware: AdjectiveKey[] = ['classic', 'rustic', 'modern', 'minimal', 'handmade', 'nordic', 'timeless', 'elegant'];

function group(slug: string, name: Record<Language, string>): CategorySpec {
  return { slug, name, nouns: [], adjectives: [], materials: [], priceRange: [0, 0], optionKind: 'colour' };
}

/** Two levels: four groups, eight leaves under them; `stationery` is a top-level leaf. */
export const categoryTree: CategorySpec[] = [
  group('apparel', { en: 'Apparel', fr: 'Vêtements', es: 'Ropa' }),
  group('home', { en: 'Home & Living', fr: 'Maison', es: 'Hogar' }),
  group('accessories', { en: 'Accessories', fr: 'Accessoires', es: 'Accesorios' }),
  {
    slug: 'stationery',
    name: { en: 'Stationery', fr: 'Papeterie', es: 'Papelería' },
    nouns: [
      { en: 'Notebook', fr: ['Carnet', 'm'], es: ['Cuaderno', 'm'] },
      { en: 'Planner', fr: ['Agenda', 'm'], es: ['Agenda', 'f'] },
      { en: 'Pen', fr: ['Stylo', 'm'], es: ['Bolígrafo', 'm'] },
      { en: 'Desk Organizer', fr: ['Organiseur de bureau', 'm'], es: ['Organizador de escritorio', 'm'] },
      { en: 'Pencil Case', fr: ['Trousse', 'f'], es: ['Estuche', 'm'] },
    ],
    adjectives: ['classic', 'minimal', 'modern', 'essential', 'handmade', 'vintage'],
    materials: ['recycledPaper', 'cork', 'leather', 'brass', 'walnut', 'canvas'],
    priceRange: [6, 48],
    optionKind: 'colour',
  },
  {
    slug: 'tops',
    parentSlug: 'apparel',
    name: { en: 'Tops', fr: 'Hauts', es: 'Camisetas y tops' },
    nouns: [
      { en: 'T-Shirt', fr: ['T-shirt', 'm'], es: ['Camiseta', 'f'] },
      { en: 'Sweater', fr: ['Pull', 'm'], es: ['Suéter', 'm'] },
      { en: 'Shirt', fr: ['Chemise', 'f'], es: ['Camisa', 'f'] },
      { en: 'Hoodie', fr: ['Sweat à capuche', 'm'], es: ['Sudadera', 'f'] },
      { en: 'Polo', fr: ['Polo', 'm'], es: ['Polo', 'm'] },
      { en: 'Cardigan', fr: ['Cardigan', 'm'], es: ['Cárdigan', 'm'] },
    ],
    adjectives: wearable,
    materials: ['cotton', 'organicCotton', 'linen', 'merino', 'cashmere', 'silk'],
    priceRange: [18, 129],
    optionKind: 'apparel',
  },
  {
    slug: 'bottoms',
    parentSlug: 'apparel',
    name: { en: 'Bottoms', fr: 'Bas', es: 'Pantalones y faldas' },
    nouns: [
      { en: 'Trousers', fr: ['Pantalon', 'm'], es: ['Pantalón', 'm'] },
      { en: 'Shorts', fr: ['Short', 'm'], es: ['Pantalón corto', 'm'] },
      { en: 'Skirt', fr: ['Jupe', 'f'], es: ['Falda', 'f'] },
      { en: 'Chinos', fr: ['Chino', 'm'], es: ['Chino', 'm'] },
      { en: 'Joggers', fr: ['Jogging', 'm'], es: ['Jogger', 'm'] },
    ],
    adjectives: wearable,
    materials: ['cotton', 'denim', 'linen', 'corduroy', 'wool'],
    priceRange: [35, 140],
    optionKind: 'apparel',
  },
  {
    slug: 'outerwear',
    parentSlug: 'apparel',
    name: { en: 'Outerwear', fr: 'Vestes et manteaux', es: 'Abrigos y chaquetas' },
    nouns: [
      { en: 'Jacket', fr: ['Veste', 'f'], es: ['Chaqueta', 'f'] },
      { en: 'Coat', fr: ['Manteau', 'm'], es: ['Abrigo', 'm'] },
      { en: 'Parka', fr: ['Parka', 'f'], es: ['Parka', 'f'] },
      { en: 'Vest', fr: ['Gilet', 'm'], es: ['Chaleco', 'm'] },
      { en: 'Overshirt', fr: ['Surchemise', 'f'], es: ['Sobrecamisa', 'f'] },
    ],
    adjectives: wearable,
    materials: ['wool', 'denim', 'leather', 'nylon', 'corduroy', 'canvas'],
    priceRange: [79, 340],
    optionKind: 'apparel',
  },
  {
    slug: 'kitchen',
    parentSlug: 'home',
    name: { en: 'Kitchen', fr: 'Cuisine', es: 'Cocina' },
    nouns: [
      { en: 'Mug', fr: ['Tasse', 'f'], es: ['Taza', 'f'] },
      { en: 'Bowl', fr: ['Bol', 'm'], es: ['Cuenco', 'm'] },
      { en: 'Cutting Board', fr: ['Planche à découper', 'f'], es: ['Tabla de cortar', 'f'] },
      { en: 'Teapot', fr: ['Théière', 'f'], es: ['Tetera', 'f'] },
      { en: 'Serving Tray', fr: ['Plateau de service', 'm'], es: ['Bandeja', 'f'] },
      { en: 'Carafe', fr: ['Carafe', 'f'], es: ['Jarra', 'f'] },
    ],
    adjectives: homeware,
    materials: ['ceramic', 'stoneware', 'oak', 'walnut', 'bamboo', 'glass', 'marble'],
    priceRange: [12, 95],
    optionKind: 'colour',
  },
  {
    slug: 'decor',
    parentSlug: 'home',
    name: { en: 'Decor', fr: 'Décoration', es: 'Decoración' },
    nouns: [
      { en: 'Vase', fr: ['Vase', 'm'], es: ['Jarrón', 'm'] },
      { en: 'Candle Holder', fr: ['Bougeoir', 'm'], es: ['Candelabro', 'm'] },
      { en: 'Wall Mirror', fr: ['Miroir mural', 'm'], es: ['Espejo de pared', 'm'] },
      { en: 'Planter', fr: ['Cache-pot', 'm'], es: ['Maceta', 'f'] },
      { en: 'Picture Frame', fr: ['Cadre photo', 'm'], es: ['Marco de fotos', 'm'] },
    ],
    adjectives: homeware,
    materials: ['ceramic', 'glass', 'brass', 'oak', 'marble', 'stoneware'],
    priceRange: [15, 180],
    optionKind: 'colour',
  },
  {
    slug: 'bedding',
    parentSlug: 'home',
    name: { en: 'Bedding', fr: 'Linge de lit', es: 'Ropa de cama' },
    nouns: [
      { en: 'Duvet Cover', fr: ['Housse de couette', 'f'], es: ['Funda nórdica', 'f'] },
      { en: 'Pillowcase', fr: ["Taie d'oreiller", 'f'], es: ['Funda de almohada', 'f'] },
      { en: 'Throw Blanket', fr: ['Plaid', 'm'], es: ['Manta', 'f'] },
      { en: 'Sheet Set', fr: ['Parure de draps', 'f'], es: ['Juego de sábanas', 'm'] },
      { en: 'Quilt', fr: ['Couvre-lit', 'm'], es: ['Colcha', 'f'] },
    ],
    adjectives: ['classic', 'cozy', 'soft', 'nordic', 'minimal', 'timeless', 'coastal'],
    materials: ['linen', 'percale', 'organicCotton', 'wool', 'silk'],
    priceRange: [29, 220],
    optionKind: 'bedding',
  },
  {
    slug: 'bags',
    parentSlug: 'accessories',
    name: { en: 'Bags', fr: 'Sacs', es: 'Bolsos' },
    nouns: [
      { en: 'Tote Bag', fr: ['Sac cabas', 'm'], es: ['Bolso tote', 'm'] },
      { en: 'Backpack', fr: ['Sac à dos', 'm'], es: ['Mochila', 'f'] },
      { en: 'Weekender', fr: ['Sac de voyage', 'm'], es: ['Bolsa de viaje', 'f'] },
      { en: 'Crossbody Bag', fr: ['Sac bandoulière', 'm'], es: ['Bandolera', 'f'] },
      { en: 'Wallet', fr: ['Portefeuille', 'm'], es: ['Cartera', 'f'] },
    ],
    adjectives: ['classic', 'urban', 'minimal', 'vintage', 'essential', 'lightweight', 'handmade'],
    materials: ['leather', 'canvas', 'nylon', 'cork'],
    priceRange: [29, 260],
    optionKind: 'colour',
  },
  {
    slug: 'jewellery',
    parentSlug: 'accessories',
    name: { en: 'Jewellery', fr: 'Bijoux', es: 'Joyería' },
    nouns: [
      { en: 'Ring', fr: ['Bague', 'f'], es: ['Anillo', 'm'] },
      { en: 'Necklace', fr: ['Collier', 'm'], es: ['Collar', 'm'] },
      { en: 'Bracelet', fr: ['Bracelet', 'm'], es: ['Pulsera', 'f'] },
      { en: 'Pendant', fr: ['Pendentif', 'm'], es: ['Colgante', 'm'] },
      { en: 'Cuff', fr: ['Manchette', 'f'], es: ['Brazalete', 'm'] },
    ],
    adjectives: ['classic', 'minimal', 'elegant', 'vintage', 'handmade', 'timeless', 'modern'],
    materials: ['silver', 'gold', 'brass'],
    priceRange: [25, 390],
    optionKind: 'colour',
  },
];
